import '@mantine/dropzone/styles.css';
import { Alert, Anchor, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EVENT_UPLOAD_COLUMNS } from '../../../../domain/event-upload';
import { EVENT_LIMITS } from '../../../../domain/calendar-events';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { apiUpload, buildApiUrl } from '../../shared/api';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { useMe } from '../../shared/session';
import { NothingHere } from '../../shared/states';
import { UploadProblemsTable } from '../../shared/table/UploadProblemsTable';

const ACCEPT = [
  'text/csv',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];
const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

interface UploadResult {
  rows: number;
  created: number;
  problems: Array<{ row: number; field?: string; message: string }>;
}

type Stage = 'idle' | 'checking' | 'storing' | 'done' | 'problems';
const STAGE_PROGRESS: Record<Stage, number> = { idle: 0, checking: 30, storing: 70, done: 100, problems: 100 };
const STAGE_LABEL: Record<Stage, string> = {
  idle: '',
  checking: 'Checking every row…',
  storing: 'Adding the events…',
  done: 'Done',
  problems: 'Checked: nothing was added',
};

/**
 * Bulk upload of events (isEvent = true) or competitions (false): one spreadsheet of at most 200 rows. Every row is
 * checked first and nothing is stored while any has a problem; a clean file is then added whole. A template with
 * the expected columns can be downloaded.
 */
export function EventUploadPage() {
  const { universityId = '', isEvent = 'true' } = useParams();
  const me = useMe();
  const client = useQueryClient();
  const kind = isEvent === 'false' ? 'COMPETITION' : 'EVENT';
  const noun = kind === 'COMPETITION' ? 'competition' : 'event';
  const [stage, setStage] = useState<Stage>('idle');
  const [result, setResult] = useState<UploadResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [rejected, setRejected] = useState<string | null>(null);

  const start = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setRejected(null);
    setResult(null);
    const query = `kind=${kind}&timeZone=${encodeURIComponent(BROWSER_ZONE)}`;
    try {
      setStage('checking');
      const checked = await apiUpload<UploadResult>(`/event-uploads/check?${query}`, file);
      if (checked.problems.length > 0) {
        setResult(checked);
        setStage('problems');
        return;
      }
      setStage('storing');
      const stored = await apiUpload<UploadResult>(`/event-uploads?${query}`, file);
      setResult(stored);
      setStage(stored.problems.length ? 'problems' : 'done');
      await client.invalidateQueries({ queryKey: ['calendar', 'events'] });
    } catch (err) {
      setError(err);
      setStage('idle');
    }
  };

  if (me && me.school.id !== universityId)
    return (
      <Stack>
        <PageHeader title={`Upload ${noun}s`} />
        <NothingHere title="Nothing to upload here" description="Uploads go to your own school's calendar." />
      </Stack>
    );

  const busy = stage === 'checking' || stage === 'storing';
  return (
    <Stack>
      <PageHeader
        title={kind === 'COMPETITION' ? 'Upload competitions' : 'Upload events'}
        description={`Add up to ${EVENT_LIMITS.bulkRows} ${noun}s at once from an XLSX, XLS or CSV file, one ${noun} per row.`}
        actions={
          <Group gap="sm">
            <Button
              variant="default"
              component="a"
              href={buildApiUrl('/event-uploads/template', { kind, format: 'xlsx' })}
              download
            >
              Download template
            </Button>
            <Button variant="subtle" component={Link} to={`/eventAndCompetitionListing/${universityId}`}>
              Back to the list
            </Button>
          </Group>
        }
      />
      <Card withBorder>
        <Stack gap="xs">
          <Text size="sm">
            Columns: {EVENT_UPLOAD_COLUMNS.map((c) => `${c.header}${c.required ? ' (required)' : ''}`).join(', ')}.
          </Text>
          <Text size="sm" c="dimmed">
            {kind === 'COMPETITION'
              ? 'Category is Home or Away. '
              : 'Category is one of the calendar’s categories, such as CARA, Travel or Academic. '}
            Dates as 2027-09-04 or 9/4/2027, times as 16:30 or 4:30 PM. Without a time zone, yours ({BROWSER_ZONE}) is
            used.
          </Text>
        </Stack>
      </Card>
      {!busy && (
        <Dropzone
          onDrop={(files) => void start(files[0])}
          onReject={() => setRejected('Upload an XLSX, XLS or CSV file of at most 5 MB.')}
          accept={ACCEPT}
          maxFiles={1}
          multiple={false}
          maxSize={5 * 1024 * 1024}
          aria-label={`Spreadsheet of ${noun}s`}
          data-testid="event-upload-dropzone"
        >
          <Stack gap={4} align="center" py="lg" style={{ pointerEvents: 'none' }}>
            <Text fw={500}>Drag a file here or click to choose</Text>
            <Text size="sm" c="dimmed" ta="center">
              XLSX, XLS or CSV with a header row, at most {EVENT_LIMITS.bulkRows} rows.
            </Text>
          </Stack>
        </Dropzone>
      )}
      {rejected && <Alert color="red">{rejected}</Alert>}
      {error !== null && <ApiErrorAlert error={error} />}
      {stage !== 'idle' && (
        <Stack gap={4}>
          <Text size="sm" aria-live="polite">
            {STAGE_LABEL[stage]}
          </Text>
          <Progress
            value={STAGE_PROGRESS[stage]}
            animated={busy}
            striped={busy}
            color={stage === 'problems' ? 'red.9' : undefined}
            aria-label="Upload progress"
          />
        </Stack>
      )}
      {stage === 'done' && result && (
        <Alert color="green" title={`${countOf(result.created, noun)} added`}>
          <Anchor component={Link} to={`/eventAndCompetitionListing/${universityId}`}>
            See them in the list
          </Anchor>{' '}
          or{' '}
          <Anchor component={Link} to="/adminCalendar">
            on the calendar
          </Anchor>
          .
        </Alert>
      )}
      {stage === 'problems' && result && (
        <Card withBorder p={0}>
          <Text fw={600} p="md" pb="xs">
            {countOf(result.problems.length, 'problem')} to fix, then upload the file again
          </Text>
          <UploadProblemsTable
            label="Problems in the file"
            minWidth={560}
            problems={result.problems.map((p) => ({
              row: p.row,
              column: EVENT_UPLOAD_COLUMNS.find((c) => c.field === p.field)?.header ?? '',
              message: p.message,
            }))}
          />
        </Card>
      )}
    </Stack>
  );
}
