import { Button, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { DialogModal } from '../../shared/DialogModal';
import { countOf } from '../../shared/labels';
import { SuccessMessage } from '../../shared/SuccessMessage';
import { UploadProblemsTable } from '../../shared/table/UploadProblemsTable';
import { useRecruitingUpload, type RecruitingUploadPath, type UploadResult } from './recruiting.api';

type Stage = 'idle' | 'checking' | 'checked' | 'importing' | 'done';
const PROGRESS: Record<Stage, number> = { idle: 0, checking: 35, checked: 50, importing: 80, done: 100 };

export interface BulkUploadModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  /** The upload's routes: `<path>/check` checks every row, `<path>` stores them all. */
  path: RecruitingUploadPath;
  /** What one row is, singular ("prospect", "phone call"), and what storing does to it ("added", "logged"). */
  noun: string;
  done: string;
  ready: string;
  submitLabel: string;
  /** A column as a person reads it (the prospect upload reports field names). */
  columnLabel?: (column: string) => string;
  /** Links to download the upload's template, by format. */
  templates?: { xlsx: string; csv: string };
}

/**
 * A recruiting bulk upload: pick a file, every row is checked first (the problems listed by row and column), then
 * every row is stored at once. A progress bar shows where it stands.
 */
export function BulkUploadModal(props: BulkUploadModalProps) {
  const { opened, onClose, title, path, noun, columnLabel = (c) => c } = props;
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>('idle');
  const [result, setResult] = useState<UploadResult | null>(null);
  const upload = useRecruitingUpload(path);
  const reset = () => {
    setFile(null);
    setStage('idle');
    setResult(null);
    upload.reset();
  };
  const close = () => {
    reset();
    onClose();
  };
  const check = async (f: File) => {
    setStage('checking');
    setResult(null);
    try {
      setResult(await upload.mutateAsync({ file: f, commit: false }));
      setStage('checked');
    } catch {
      setStage('idle');
    }
  };
  const store = async () => {
    if (!file) return;
    setStage('importing');
    try {
      setResult(await upload.mutateAsync({ file, commit: true }));
      setStage('done');
    } catch {
      setStage('checked');
    }
  };
  const errors = result?.errors ?? [];
  return (
    <DialogModal
      opened={opened}
      onClose={close}
      title={title}
      size="lg"
      error={upload.error}
      // Once stored there is nothing left to do: the one button is Done.
      dismissLabel={stage === 'done' ? 'Done' : 'Cancel'}
      actionLabel={stage === 'done' ? undefined : props.submitLabel}
      onAction={() => void store()}
      actionDisabled={stage !== 'checked' || errors.length > 0}
      loading={stage === 'importing'}
    >
      <Text size="sm" c="dimmed">
        {props.description}
      </Text>
      {props.templates && (
        <Group gap="xs">
          <Button component="a" href={props.templates.xlsx} variant="default" size="xs" download>
            Download XLSX template
          </Button>
          <Button component="a" href={props.templates.csv} variant="subtle" size="xs" download>
            CSV template
          </Button>
        </Group>
      )}
      <FileInput
        label="Spreadsheet"
        placeholder="Choose a file"
        accept=".xlsx,.xls,.csv"
        value={file}
        onChange={(f) => {
          setFile(f);
          if (f) void check(f);
        }}
      />
      {stage !== 'idle' && (
        <Progress
          value={PROGRESS[stage]}
          animated={stage === 'checking' || stage === 'importing'}
          aria-label="Upload progress"
        />
      )}
      {stage === 'checked' && result && errors.length === 0 && (
        <Text size="sm">
          {countOf(result.rows ?? 0, noun)} {props.ready}.
        </Text>
      )}
      {errors.length > 0 && (
        <Stack gap={4} role="alert">
          <Text size="sm" fw={600} c="red.8">
            Bulk upload errors: fix {countOf(errors.length, 'problem')} and choose the file again. Nothing has been
            stored.
          </Text>
          <UploadProblemsTable
            label="Bulk upload errors"
            minWidth={320}
            problems={errors.slice(0, 200).map((e) => ({ ...e, column: columnLabel(e.column) }))}
          />
          {errors.length > 200 && (
            <Text size="xs" c="dimmed">
              The first 200 problems are shown.
            </Text>
          )}
        </Stack>
      )}
      {stage === 'done' && result && (
        <SuccessMessage>
          {countOf(result.created ?? 0, noun)} {props.done}.
        </SuccessMessage>
      )}
    </DialogModal>
  );
}
