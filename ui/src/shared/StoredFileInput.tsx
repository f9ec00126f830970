import { FileInput, type FileInputProps } from '@mantine/core';
import { ALLOWED_FILE_EXTENSIONS } from '../../../form-engine/limits';

/** The file types every stored upload accepts (materials, prospect attachments, receipts), as an `accept` list. */
export const STORED_FILE_ACCEPT = ALLOWED_FILE_EXTENSIONS.map((x) => `.${x}`).join(',');

const STORED_FILE_TYPES = 'images, PDF, Office documents, CSV or ZIP';

type Chosen<Multiple extends boolean> = Multiple extends true ? File[] : File | null;

/**
 * A picker for stored uploads: the accepted types and their description, and a clear button with a name. One file
 * by default; `multiple` picks several, and `maxFiles` then says how many the description allows. `full` disables it
 * and says why in the placeholder. `clearable={false}` leaves the clear button out, for a picker that acts on the
 * chosen file at once and so never holds one.
 */
export function StoredFileInput<Multiple extends boolean = false>({
  full = false,
  fullPlaceholder,
  maxFiles,
  clearable = true,
  placeholder,
  disabled,
  ...props
}: Omit<FileInputProps<Multiple>, 'value' | 'onChange' | 'accept' | 'description' | 'clearButtonProps'> & {
  value: Chosen<Multiple>;
  onChange: (chosen: Chosen<Multiple>) => void;
  full?: boolean;
  fullPlaceholder?: string;
  maxFiles?: number;
}) {
  const several = props.multiple === true;
  const description =
    several && maxFiles !== undefined
      ? `Up to ${maxFiles} files of at most 20 MB: ${STORED_FILE_TYPES}.`
      : `At most 20 MB${several ? ' each' : ''}: ${STORED_FILE_TYPES}.`;
  return (
    <FileInput<Multiple>
      {...props}
      placeholder={full ? fullPlaceholder : (placeholder ?? (several ? 'Choose files' : 'Choose a file'))}
      description={description}
      accept={STORED_FILE_ACCEPT}
      disabled={full || disabled}
      clearable={clearable}
      clearButtonProps={
        clearable ? { 'aria-label': several ? 'Clear the chosen files' : 'Clear the chosen file' } : undefined
      }
    />
  );
}
