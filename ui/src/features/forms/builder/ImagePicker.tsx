import { FileInput, Image, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { checkUpload, IMAGE_FILE_EXTENSIONS, type FileRef, type ImageElement } from '../../../../../form-engine';
import { makeRandomId } from './create-element';
import { patchElement } from './patch-element';

/**
 * Pictures chosen in this browser session, by file id, for the thumbnail. The engine's image element holds a
 * FileRef (id, name, size, type) — the bytes belong in file storage, which the forms API does not offer yet, so
 * only the reference is saved with the definition.
 */
const previews = new Map<string, string>();

interface Props {
  element: ImageElement;
  locked: boolean;
  onChange: (element: ImageElement) => void;
}

export function ImagePicker({ element, locked, onChange }: Props) {
  const [problem, setProblem] = useState<string | null>(null);
  const choose = (file: File | null) => {
    setProblem(null);
    if (!file) return;
    const candidate = { name: file.name, size: file.size, contentType: file.type || 'application/octet-stream' };
    const [first] = checkUpload([candidate], { purpose: 'image' });
    if (first) {
      setProblem(first.message);
      return;
    }
    const image: FileRef = { fileId: makeRandomId('img'), ...candidate };
    previews.set(image.fileId, URL.createObjectURL(file));
    onChange(patchElement(element, { image }));
  };
  const preview = element.image ? previews.get(element.image.fileId) : undefined;
  return (
    <Stack gap="xs">
      <FileInput
        label="Image"
        description={`${IMAGE_FILE_EXTENSIONS.join(', ')} · at most 20 MB`}
        accept={IMAGE_FILE_EXTENSIONS.map((ext) => `.${ext}`).join(',')}
        clearable={false}
        disabled={locked}
        error={problem ?? (element.image ? undefined : 'Image not added for image element.')}
        onChange={choose}
      />
      {element.image && (
        <Text size="xs" c="dimmed">
          {element.image.name} · {Math.ceil(element.image.size / 1024)} KB
        </Text>
      )}
      {preview && <Image src={preview} alt={element.altText ?? ''} maw={240} radius="sm" />}
      <TextInput
        label="Alternative text"
        description="What the image shows, for people using a screen reader."
        value={element.altText ?? ''}
        onChange={(event) => onChange(patchElement(element, { altText: event.currentTarget.value }))}
      />
    </Stack>
  );
}
