import { Anchor, Button, Card, Group, Progress, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { StoredFileInput } from '../../shared/StoredFileInput';
import { useState } from 'react';
import { MATERIAL_LIMITS } from '../../../../domain/materials';
import { wordCount } from '../../../../domain/recruiting';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { ConfirmModal } from '../../shared/ConfirmModal';
import { formatDate } from '../../shared/format';
import { formatFileSize } from '../../shared/form-renderer/attachment-answer';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { TableScroll } from '../../shared/table/TableScroll';
import {
  materialFileUrl,
  useDeleteMaterial,
  useMaterials,
  useUploadMaterial,
  type Material,
  type MaterialList,
} from './materials.api';

/** Says why a chosen file cannot go up before it is sent (the server checks the same limits). */
function localProblem(file: File | null, usage: MaterialList['usage'] | undefined, words: number): string | null {
  if (words > MATERIAL_LIMITS.descriptionMaxWords) return 'Description max 50 words.';
  if (!file || !usage) return null;
  if (usage.count >= usage.maxFiles) return 'Upload limits exceeded: materials max 20 files.';
  if (file.size > usage.maxFileBytes) return 'File too large: materials max 20 MB per file.';
  if (usage.totalBytes + file.size > usage.maxTotalBytes)
    return 'Upload limits exceeded: materials max 25 MB in total.';
  return null;
}

function UploadCard({ usage }: { usage: MaterialList['usage'] | undefined }) {
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const upload = useUploadMaterial();
  const words = wordCount(description);
  const problem = localProblem(file, usage, words);
  const full = Boolean(usage && usage.count >= usage.maxFiles);
  return (
    <Card withBorder padding="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!file || problem) return;
          upload.mutate(
            { file, description: description.trim() },
            {
              onSuccess: () => {
                setFile(null);
                setDescription('');
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            Upload a material
          </Title>
          <StoredFileInput
            label="File"
            required
            full={full}
            fullPlaceholder="The school has 20 materials: delete one first"
            value={file}
            onChange={(f) => {
              setFile(f);
              upload.reset();
            }}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            description={`${countOf(words, 'word')} of ${MATERIAL_LIMITS.descriptionMaxWords}`}
          />
          {problem && (
            <Text size="sm" c="red" role="alert">
              {problem}
            </Text>
          )}
          <ApiErrorAlert error={upload.error} />
          <Group justify="flex-end">
            <Button type="submit" disabled={!file || Boolean(problem)} loading={upload.isPending}>
              Upload
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function Usage({ usage }: { usage: MaterialList['usage'] }) {
  const percent = Math.min(100, (usage.totalBytes / usage.maxTotalBytes) * 100);
  return (
    <Stack gap={4}>
      <Text size="sm">
        {countOf(usage.count, 'file')} of {usage.maxFiles}, {formatFileSize(usage.totalBytes)} of{' '}
        {formatFileSize(usage.maxTotalBytes)} used
      </Text>
      <Progress value={percent} color={percent > 90 ? 'red' : 'blue'} aria-label="Storage used by materials" />
    </Stack>
  );
}

/**
 * Recruiting materials shared by the school's staff (`/adminMaterial` and `/coachMaterial`): both see and download
 * every material and upload new ones; a coach deletes their own, an admin any.
 */
export function MaterialsPage() {
  const list = useMaterials();
  const remove = useDeleteMaterial();
  const [deleting, setDeleting] = useState<Material | null>(null);
  const items = list.data?.items ?? [];
  return (
    <Stack>
      <PageHeader
        title="Materials"
        description="Recruiting materials shared with the school's staff: at most 20 files of 20 MB each, 25 MB in all."
      />
      <UploadCard usage={list.data?.usage} />
      {list.isPending && <LoadingState rows={4} label="Loading materials" />}
      {list.error && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && <Usage usage={list.data.usage} />}
      <ApiErrorAlert error={remove.error} />
      {list.data && items.length === 0 && (
        <NothingHere title="No materials yet" description="Upload brochures, camp flyers or presentations to share." />
      )}
      {items.length > 0 && (
        <TableScroll minWidth={680}>
          <Table striped aria-label="Materials">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>File</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Uploaded by</Table.Th>
                <Table.Th>Uploaded</Table.Th>
                <Table.Th>Action</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>
                    <Anchor href={materialFileUrl(m.id)} download={m.filename}>
                      {m.filename}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{m.description ?? '—'}</Table.Td>
                  <Table.Td>{formatFileSize(m.sizeBytes)}</Table.Td>
                  <Table.Td>{m.uploaderName ?? '—'}</Table.Td>
                  <Table.Td>{formatDate(m.createdAt)}</Table.Td>
                  <Table.Td>
                    {m.canDelete ? (
                      <Button
                        size="xs"
                        variant="default"
                        color="red"
                        onClick={() => setDeleting(m)}
                        aria-label={`Delete ${m.filename}`}
                      >
                        Delete
                      </Button>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      <ConfirmModal
        opened={Boolean(deleting)}
        title="Delete material"
        body={`Delete ${deleting?.filename ?? 'this file'}? Staff can no longer download it.`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
