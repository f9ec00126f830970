import { TextInput } from '@mantine/core';
import { ERRORS } from '../../../../../domain/errors';
import { PACKET_LIMITS } from '../../../../../domain/packets';

/** Why a folder name cannot be saved (the API's own wording), or null when it can. */
export function folderNameProblem(name: string): string | null {
  return name.trim().length === 0 || name.length > PACKET_LIMITS.folderNameMaxChars
    ? ERRORS.FOLDER_NAME_INVALID.message
    : null;
}

/** The folder name input of New folder and Rename folder, with its character count; the error shows once tried. */
export function FolderNameField({
  value,
  onChange,
  tried,
}: {
  value: string;
  onChange: (name: string) => void;
  tried: boolean;
}) {
  return (
    <TextInput
      label="Folder name"
      required
      value={value}
      description={`${value.length}/${PACKET_LIMITS.folderNameMaxChars} characters`}
      error={tried && folderNameProblem(value)}
      onChange={(e) => onChange(e.currentTarget.value)}
      data-autofocus
    />
  );
}
