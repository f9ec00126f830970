import '@mantine/dropzone/styles.css';
import { ActionIcon, Anchor, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DISCLOSURE_LIMITS } from '../../../../domain/disclosures';
import { ERRORS } from '../../../../domain/errors';
import { errorMessage } from '../../shared/api';
import { ACCEPTED_MIME_TYPES, checkFiles, formatBytes } from './disclosure-form';
import {
  attachmentUrl,
  uploadDisclosureAttachment,
  useRemoveAttachment,
  useStoreDisclosureDetail,
  type DisclosureAttachment,
} from './disclosures.api';

interface Upload {
  key: string;
  name: string;
  percent: number;
}

/** The attachments of a disclosure as a list: name, size, and a download link where the bytes are stored. */
export function AttachmentList({
  disclosureId,
  attachments,
  canDownload,
  onRemove,
}: {
  disclosureId: string | null;
  attachments: DisclosureAttachment[];
  canDownload: boolean;
  onRemove?: (a: DisclosureAttachment) => void;
}) {
  if (attachments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No attachments.
      </Text>
    );
  }
  return (
    <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Attachments">
      {attachments.map((a, i) => (
        <Group key={a.fileId ?? `${a.name}-${i}`} gap="xs" component="li" wrap="nowrap">
          {disclosureId && a.fileId && canDownload ? (
            <Anchor href={attachmentUrl(disclosureId, a.fileId)} download={a.name} size="sm">
              {a.name}
            </Anchor>
          ) : (
            <Text size="sm">{a.name}</Text>
          )}
          <Text size="xs" c="dimmed">
            {formatBytes(a.size)}
          </Text>
          {onRemove && a.fileId && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={`Remove ${a.name}`}
              onClick={() => onRemove(a)}
            >
              ×
            </ActionIcon>
          )}
        </Group>
      ))}
    </Stack>
  );
}

/**
 * Drag-and-drop upload on the disclosure form: each file goes up at once (the draft is saved first when new), with a
 * progress bar per file; the server checks the type by its first bytes and answers in the catalogue's wording.
 */
export function AttachmentUploader({
  disclosureId,
  attachments,
  ensureSaved,
  onChange,
}: {
  disclosureId: string | null;
  attachments: DisclosureAttachment[];
  /** Saves the draft when it has no id yet; null when the form has problems to fix first. */
  ensureSaved: () => Promise<string | null>;
  onChange: (attachments: DisclosureAttachment[]) => void;
}) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const store = useStoreDisclosureDetail();
  const remove = useRemoveAttachment();

  const uploadAll = async (files: File[]) => {
    const { accepted, problem: local } = checkFiles(attachments.length + uploads.length, files);
    setProblem(local);
    if (accepted.length === 0) return;
    const id = disclosureId ?? (await ensureSaved());
    if (!id) return;
    for (const file of accepted) {
      const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
      setUploads((u) => [...u, { key, name: file.name, percent: 0 }]);
      try {
        const detail = await uploadDisclosureAttachment(id, file, (percent) =>
          setUploads((u) => u.map((x) => (x.key === key ? { ...x, percent } : x))),
        );
        store(detail);
        onChange(detail.attachments);
      } catch (error) {
        setProblem(`${file.name}: ${errorMessage(error)}`);
      } finally {
        setUploads((u) => u.filter((x) => x.key !== key));
      }
    }
  };

  const rejected = (rejections: FileRejection[]) => {
    const first = rejections[0]?.errors[0];
    if (!first) return;
    setProblem(
      first.code === 'file-too-large'
        ? 'File too large: the limit is 20 MB.'
        : first.code === 'too-many-files'
          ? ERRORS.TOO_MANY_FILES.message
          : ERRORS.FILE_TYPE_NOT_ALLOWED.message,
    );
  };

  const onRemove = (a: DisclosureAttachment) => {
    if (!disclosureId || !a.fileId) return;
    remove.mutate(
      { id: disclosureId, fileId: a.fileId },
      {
        onSuccess: (detail) => onChange(detail.attachments),
        onError: (error) =>
          notifications.show({ color: 'red', title: 'Could not remove the file', message: errorMessage(error) }),
      },
    );
  };

  const full = attachments.length + uploads.length >= DISCLOSURE_LIMITS.maxAttachments;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="attachments-label">
        Attachments
      </Text>
      <Dropzone
        onDrop={(files) => void uploadAll(files)}
        onReject={rejected}
        maxSize={DISCLOSURE_LIMITS.maxAttachmentBytes}
        accept={ACCEPTED_MIME_TYPES}
        disabled={full}
        aria-labelledby="attachments-label"
        data-testid="attachment-dropzone"
      >
        <Stack gap={4} align="center" py="md" style={{ pointerEvents: 'none' }}>
          <Text size="sm" fw={500}>
            {full ? 'The maximum of 5 files is attached' : 'Drag files here or click to choose'}
          </Text>
          <Text size="xs" c="dimmed" ta="center">
            Up to {DISCLOSURE_LIMITS.maxAttachments} files of 20 MB each: gif, jpeg, jpg, png, pdf, doc, docx, xls,
            xlsx, csv, zip, ppt, pptx.
          </Text>
        </Stack>
      </Dropzone>
      {uploads.map((u) => (
        <Paper key={u.key} withBorder p="xs">
          <Group justify="space-between" mb={4}>
            <Text size="sm">{u.name}</Text>
            <Text size="xs" c="dimmed">
              {u.percent}%
            </Text>
          </Group>
          <Progress value={u.percent} size="sm" aria-label={`Uploading ${u.name}`} animated />
        </Paper>
      ))}
      {problem && (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      )}
      <AttachmentList disclosureId={disclosureId} attachments={attachments} canDownload onRemove={onRemove} />
    </Stack>
  );
}
