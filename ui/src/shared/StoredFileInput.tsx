import { FileInput, type FileInputProps } from '@mantine/core';
import { ALLOWED_FILE_EXTENSIONS } from '../../../form-engine/limits';

/** The file types every stored upload accepts (materials, prospect attachments, receipts), as an `accept` list. */
export const STORED_FILE_ACCEPT = ALLOWED_FILE_EXTENSIONS.map((x) => `.${x}`).join(',');

/**
 * A single-file picker for a stored upload: the accepted types and their description, and a clear button with a
 * name. `full` disables it and says why in the placeholder.
 */
export function StoredFileInput({
  full,
  fullPlaceholder,
  ...props
}: Omit<FileInputProps, 'multiple' | 'value' | 'onChange'> & {
  value: File | null;
  onChange: (file: File | null) => void;
  full: boolean;
  fullPlaceholder: string;
}) {
  return (
    <FileInput
      placeholder={full ? fullPlaceholder : 'Choose a file'}
      description="At most 20 MB: images, PDF, Office documents, CSV or ZIP."
      accept={STORED_FILE_ACCEPT}
      disabled={full}
      clearable
      clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
      {...props}
    />
  );
}
