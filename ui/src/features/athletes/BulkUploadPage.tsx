import '@mantine/dropzone/styles.css';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useState } from 'react';
import { Link } from 'react-router';
import { UPLOAD_COLUMNS, UPLOAD_LIMITS } from '../../../../domain/athlete-upload';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { PageHeader } from '../../shared/PageHeader';
import { countOf } from '../../shared/labels';
import {
  templateUrl,
  useAthleteUpload,
  useImportUpload,
  useRemapUpload,
  useUploadFile,
  type AthleteUpload,
} from './athlete-uploads.api';
import { TableScroll } from '../../shared/table/TableScroll';
import { UploadProblemsTable } from '../../shared/table/UploadProblemsTable';

const ACCEPT = [
  'text/csv',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];
const NOT_IMPORTED = '';
const FIELD_OPTIONS = [
  { value: NOT_IMPORTED, label: 'Do not import' },
  ...UPLOAD_COLUMNS.map((c) => ({ value: c.field, label: c.required ? `${c.header} (required)` : c.header })),
];
const SHOWN_ERRORS = 200;

const STAGE_LABEL: Record<string, string> = {
  check: 'Checking every row',
  store: 'Storing student-athletes',
  invite: 'Sending invitations',
  done: 'Done',
};

/** Overall share of the work done: checking is quick, storing and inviting take the rest. */
function percentOf(progress: AthleteUpload['progress'], invite: boolean): number {
  if (!progress) return 5;
  const part = progress.total > 0 ? progress.done / progress.total : 0;
  const [from, span] =
    progress.stage === 'check'
      ? [0, 10]
      : progress.stage === 'store'
        ? [10, invite ? 50 : 90]
        : progress.stage === 'invite'
          ? [60, 40]
          : [100, 0];
  return Math.round(from + span * part);
}

function ImportProgress({ upload }: { upload: AthleteUpload | undefined }) {
  const progress = upload?.progress ?? null;
  const value = percentOf(progress, upload?.invite ?? false);
  const label = progress
    ? `${STAGE_LABEL[progress.stage] ?? ''}${progress.total > 0 && progress.stage !== 'done' ? `: ${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')}` : ''}`
    : 'Starting the import';
  return (
    <Paper withBorder p="md">
      <Text size="sm" mb="xs" aria-live="polite">
        {label}
      </Text>
      <Progress value={value} size="lg" animated aria-label="Import progress" />
    </Paper>
  );
}

function MappingTable({
  upload,
  onChange,
  disabled,
}: {
  upload: AthleteUpload;
  onChange: (mapping: (string | null)[]) => void;
  disabled: boolean;
}) {
  return (
    <TableScroll minWidth={520}>
      <Table striped verticalSpacing="xs" aria-label="Column mapping">
        <Table.Caption>Columns of your file and the field each one fills</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Column in your file</Table.Th>
            <Table.Th>First value</Table.Th>
            <Table.Th>Import as</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {upload.headers.map((header, i) => (
            <Table.Tr key={i}>
              <Table.Td>{header || <Text c="dimmed">(no header)</Text>}</Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  {upload.samples[0]?.[i] ?? ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Select
                  aria-label={`Import column ${header || i + 1} as`}
                  data={FIELD_OPTIONS}
                  value={upload.mapping[i] ?? NOT_IMPORTED}
                  allowDeselect={false}
                  disabled={disabled}
                  searchable
                  onChange={(value) =>
                    onChange(upload.mapping.map((f, j) => (j === i ? (value === NOT_IMPORTED ? null : value) : f)))
                  }
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function RowErrors({ upload }: { upload: AthleteUpload }) {
  const shown = upload.errors.slice(0, SHOWN_ERRORS);
  return (
    <Stack gap="xs">
      <Alert color="red" variant="light" role="alert" title="Bulk upload errors">
        {upload.errorRowCount.toLocaleString('en-US')} of {countOf(upload.rowCount, 'row')}{' '}
        {upload.errorRowCount === 1 ? 'needs' : 'need'} fixing. Correct your file and upload it again, or change the
        column mapping above. Nothing has been stored.
      </Alert>
      <UploadProblemsTable label="Errors by row" minWidth={480} problems={shown} />
      {upload.errors.length > shown.length && (
        <Text size="sm" c="dimmed">
          And {countOf(upload.errors.length - shown.length, 'more problem')}.
        </Text>
      )}
    </Stack>
  );
}

function Imported({ upload, onAgain }: { upload: AthleteUpload; onAgain: () => void }) {
  const inviting = upload.invite && upload.progress?.stage === 'invite';
  const notStarted = upload.invite && !inviting ? upload.createdCount - upload.invitationsStarted : 0;
  return (
    <Stack gap="sm">
      <Alert color="teal" variant="light" title="Import complete">
        {countOf(upload.createdCount, 'student-athlete')} added
        {upload.invite && !inviting ? `, ${countOf(upload.invitationsStarted, 'invitation')} sent` : ''}.
        {inviting && ' Their invitations are being sent; you can leave this page, sending goes on.'}
        {notStarted > 0 &&
          ` ${countOf(notStarted, 'invitation')} could not be started; send them again from the student-athlete list.`}
      </Alert>
      {inviting && <ImportProgress upload={upload} />}
      <Group>
        <Button component={Link} to="/studentAthletes">
          View student-athletes
        </Button>
        <Button variant="default" onClick={onAgain}>
          Upload another file
        </Button>
      </Group>
    </Stack>
  );
}

/** /createBulkStudent: upload a spreadsheet, check the mapping and every row, then import in one go. */
export function BulkUploadPage() {
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [invite, setInvite] = useState(true);
  const [rejected, setRejected] = useState<string | null>(null);
  const send = useUploadFile();
  const remap = useRemapUpload();
  const importer = useImportUpload();
  const query = useAthleteUpload(uploadId, importer.isPending);
  const upload = query.data;

  const start = (file: File | undefined) => {
    if (!file) return;
    setRejected(null);
    importer.reset();
    send.mutate(file, { onSuccess: (u) => setUploadId(u.id) });
  };
  const again = () => {
    setUploadId(null);
    send.reset();
    importer.reset();
  };
  const importing = importer.isPending || upload?.status === 'IMPORTING';
  const canImport = upload?.status === 'CHECKED' && upload.errors.length === 0 && !remap.isPending;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Bulk upload"
        description={`Add up to ${UPLOAD_LIMITS.maxRows.toLocaleString('en-US')} student-athletes at once (${UPLOAD_LIMITS.maxRowsCoach} for coaches) from an XLSX, XLS or CSV file.`}
        actions={
          <>
            <Button component="a" href={templateUrl('xlsx')} variant="default" download>
              Download XLSX template
            </Button>
            <Button component="a" href={templateUrl('csv')} variant="subtle" download>
              CSV template
            </Button>
          </>
        }
      />

      {upload?.status === 'IMPORTED' ? (
        <Imported upload={upload} onAgain={again} />
      ) : (
        <>
          {!importing && (
            <Dropzone
              onDrop={(files) => start(files[0])}
              onReject={() => setRejected('Upload an XLSX, XLS or CSV file of at most 20 MB.')}
              accept={ACCEPT}
              maxFiles={1}
              multiple={false}
              maxSize={UPLOAD_LIMITS.maxFileBytes}
              loading={send.isPending}
              aria-label="Spreadsheet of student-athletes"
              data-testid="upload-dropzone"
            >
              <Stack gap={4} align="center" py="lg" style={{ pointerEvents: 'none' }}>
                <Text fw={500}>
                  {upload ? 'Drop a corrected file here or click to choose' : 'Drag a file here or click to choose'}
                </Text>
                <Text size="sm" c="dimmed" ta="center">
                  XLSX, XLS or CSV with one student-athlete per row and a header row. First name, last name and email
                  are required.
                </Text>
              </Stack>
            </Dropzone>
          )}
          {send.isPending && (
            <Paper withBorder p="md">
              <Text size="sm" mb="xs" aria-live="polite">
                Reading the file and checking every row
              </Text>
              <Progress value={100} size="lg" animated aria-label="Reading the file" />
            </Paper>
          )}
          {rejected && (
            <Alert color="red" variant="light" role="alert">
              {rejected}
            </Alert>
          )}
          <ApiErrorAlert error={send.error} />
          {query.isError && <ApiErrorAlert error={query.error} />}

          {upload && !send.isPending && (
            <Stack gap="md">
              <Group gap="sm">
                <Title order={2} size="h4">
                  {upload.fileName}
                </Title>
                <Badge variant="light" color={upload.errors.length ? 'red' : 'teal'}>
                  {upload.errors.length
                    ? `${countOf(upload.errorRowCount, 'row')} with errors`
                    : `${countOf(upload.rowCount, 'row')} ready`}
                </Badge>
              </Group>
              <MappingTable
                upload={upload}
                disabled={importing || remap.isPending}
                onChange={(mapping) => remap.mutate({ id: upload.id, mapping })}
              />
              <ApiErrorAlert error={remap.error} />
              {upload.errors.length > 0 ? (
                <RowErrors upload={upload} />
              ) : (
                <Text size="sm">
                  Every row passed the checks: {countOf(upload.rowCount, 'student-athlete')} can be added.
                </Text>
              )}
              {importing ? (
                <ImportProgress upload={upload} />
              ) : (
                <Group justify="space-between" wrap="wrap">
                  <Checkbox
                    label="Send invitations to the new student-athletes"
                    checked={invite}
                    onChange={(e) => setInvite(e.currentTarget.checked)}
                  />
                  <Button disabled={!canImport} onClick={() => importer.mutate({ id: upload.id, invite })}>
                    {`Import ${countOf(upload.rowCount, 'student-athlete')}`}
                  </Button>
                </Group>
              )}
              <ApiErrorAlert error={importer.error} />
              <Anchor component={Link} to="/studentAthletes" size="sm">
                Back to student-athletes
              </Anchor>
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
