import { FileInput, List, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import {
  checkPickedFiles,
  formatFileSize,
  readAttachments,
  rememberPickedFile,
  toAttachmentAnswer,
  toFileRef,
} from './attachment-answer';
import type { FieldProps } from './field-props';
import { joinHints } from './text-hints';

/**
 * Attachment: the browser's file picker, checked with the engine's upload rules before anything enters the answer.
 * Until packets bring file storage the answer keeps each file's name, size and type under a local id.
 */
export function AttachmentField({
  element,
  value,
  onChange,
  onBlur,
  error,
  required,
  readOnly,
  inputId,
}: FieldProps<'attachment'>) {
  const multiple = element.input.multiple;
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const counter = useRef(0);
  const attached = readAttachments(value);
  const accept = (element.input.accept ?? []).map((extension) => `.${extension}`).join(',');
  const hint = joinHints(
    element.tips,
    `${multiple ? `Up to ${element.input.maxFiles ?? 5} files` : 'One file'}, 20 MB each: ${(element.input.accept ?? []).join(', ')}.`,
  );

  const pick = (picked: File | File[] | null) => {
    const list = picked === null ? [] : Array.isArray(picked) ? picked : [picked];
    const found = checkPickedFiles(list, {
      multiple,
      maxFiles: element.input.maxFiles,
      allowedTypes: element.allowedTypes,
    });
    if (found) {
      setProblem(found);
      return;
    }
    setProblem(null);
    setFiles(list);
    const refs = list.map((file) => {
      const localId = `local-${Date.now().toString(36)}-${(counter.current += 1)}`;
      rememberPickedFile(localId, file);
      return toFileRef(file, localId);
    });
    onChange(toAttachmentAnswer(refs, multiple));
  };

  const common = {
    id: inputId,
    label: element.label,
    description: hint,
    error: problem ?? error,
    required,
    readOnly,
    accept,
    clearable: !readOnly,
    // Mantine's clear button is an icon only: it needs a name for screen readers (axe button-name).
    clearButtonProps: { 'aria-label': `Remove the files of ${element.label}` },
    // FileInput's placeholder is real text (not a native placeholder), so it must meet 4.5:1 contrast.
    styles: { placeholder: { color: 'var(--mantine-color-gray-7)' } },
    onBlur,
    placeholder:
      attached.length > 0
        ? `${attached.length} file${attached.length === 1 ? '' : 's'} attached`
        : (element.placeholder ?? 'Choose a file'),
  };

  return (
    <div>
      {multiple ? (
        <FileInput {...common} multiple value={files} onChange={pick} />
      ) : (
        <FileInput {...common} value={files[0] ?? null} onChange={pick} />
      )}
      {attached.length > 0 && (
        <List size="sm" mt={6} aria-label={`Files attached to ${element.label}`}>
          {attached.map((file) => (
            <List.Item key={file.fileId}>
              <Text span size="sm">
                {file.name} ({formatFileSize(file.size)})
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}
