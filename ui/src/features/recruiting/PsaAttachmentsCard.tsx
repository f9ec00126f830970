import { Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { StoredFileInput } from '../../shared/StoredFileInput';
import { useState } from 'react';
import { RECRUITING_LIMITS } from '../../../../domain/recruiting';
import { ALLOWED_FILE_EXTENSIONS } from '../../../../form-engine/limits';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { fileTypeLabel } from './file-type-label';
import { ConfirmModal } from '../../shared/ConfirmModal';
import { formatDateTime } from '../../shared/format';
import { formatFileSize } from '../../shared/form-renderer/attachment-answer';
import { countOf } from '../../shared/labels';
import { ErrorState, LoadingState } from '../../shared/states';
import { TableScroll } from '../../shared/table/TableScroll';
import {
  psaAttachmentUrl,
  useDeletePsaAttachment,
  usePsaAttachments,
  useUploadPsaAttachment,
  type PsaAttachment,
  type PsaAttachmentsVia,
} from './psa-attachments.api';

const EXTENSIONS = new Set<string>(ALLOWED_FILE_EXTENSIONS);

/** Says why a chosen file cannot go up before it is sent (the server checks the same limits and the file's bytes). */
function localProblem(file: File | null, count: number): string | null {
  if (count >= RECRUITING_LIMITS.attachmentsPerPsa) return 'Upload limits exceeded: max 20 files per PSA.';
  if (!file) return null;
  if (file.size > RECRUITING_LIMITS.attachmentMaxBytes) return 'File too large: the limit is 20 MB.';
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (!EXTENSIONS.has(ext)) {
    return 'Allowed file types: gif, jpeg, jpg, png, pdf, doc, docx, xls, xlsx, csv, zip, ppt, pptx.';
  }
  return null;
}

/**
 * The prospect's attachments (transcripts, film, schedules): at most 20 files of at most 20 MB each. Staff who may
 * edit prospects upload and delete; every download goes through the audited file route. `via="operator"` is the
 * provider operator's read-only copy: the list and downloads through the operator's routes, no upload or delete.
 */
export function PsaAttachmentsCard({
  psaId,
  canEdit: mayEdit,
  via = 'school',
}: {
  psaId: string;
  canEdit: boolean;
  via?: PsaAttachmentsVia;
}) {
  const canEdit = mayEdit && via === 'school';
  const list = usePsaAttachments(psaId, via);
  const upload = useUploadPsaAttachment(psaId);
  const remove = useDeletePsaAttachment(psaId);
  const [file, setFile] = useState<File | null>(null);
  const [deleting, setDeleting] = useState<PsaAttachment | null>(null);
  const items = list.data?.items ?? [];
  const problem = list.data ? localProblem(file, items.length) : null;
  const full = items.length >= RECRUITING_LIMITS.attachmentsPerPsa;
  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            Attachments
          </Title>
          {list.data && (
            <Text size="sm" c="dimmed">
              {countOf(items.length, 'file')} of {RECRUITING_LIMITS.attachmentsPerPsa}
              {via === 'operator' ? ' · read only' : ''}
            </Text>
          )}
        </Group>
        {canEdit && (
          <form
            aria-label="Upload an attachment"
            onSubmit={(e) => {
              e.preventDefault();
              if (!file || problem) return;
              upload.mutate(file, { onSuccess: () => setFile(null) });
            }}
          >
            <Group align="flex-end">
              <StoredFileInput
                label="Attachment"
                full={full}
                fullPlaceholder="This prospect has 20 files: delete one first"
                value={file}
                onChange={(f) => {
                  setFile(f);
                  upload.reset();
                }}
                style={{ flex: 1, minWidth: 240 }}
              />
              <Button type="submit" disabled={!file || Boolean(problem)} loading={upload.isPending}>
                Upload
              </Button>
            </Group>
          </form>
        )}
        {problem && (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
        <ApiErrorAlert error={upload.error} />
        <ApiErrorAlert error={remove.error} />
        {list.isPending ? (
          <LoadingState rows={2} label="Loading attachments" />
        ) : list.error ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {via === 'operator'
              ? 'The school has attached no files to this prospect.'
              : `No attachments yet.${canEdit ? ' Upload transcripts, film or schedules for this prospect.' : ''}`}
          </Text>
        ) : (
          <TableScroll minWidth={640}>
            <Table striped aria-label="Attachments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>File</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Size</Table.Th>
                  <Table.Th>Uploaded by</Table.Th>
                  <Table.Th>Uploaded</Table.Th>
                  {canEdit && <Table.Th>Action</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>
                      <Anchor href={psaAttachmentUrl(psaId, a.id, via)} download={a.filename}>
                        {a.filename}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{fileTypeLabel(a.contentType, a.filename)}</Table.Td>
                    <Table.Td>{formatFileSize(a.sizeBytes)}</Table.Td>
                    <Table.Td>{a.uploaderName ?? '—'}</Table.Td>
                    <Table.Td>{formatDateTime(a.createdAt)}</Table.Td>
                    {canEdit && (
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="default"
                          color="red"
                          onClick={() => setDeleting(a)}
                          aria-label={`Delete ${a.filename}`}
                        >
                          Delete
                        </Button>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Stack>
      <ConfirmModal
        opened={Boolean(deleting)}
        title="Delete attachment"
        body={`Delete ${deleting?.filename ?? 'this file'} from this prospect? It cannot be downloaded afterwards.`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
