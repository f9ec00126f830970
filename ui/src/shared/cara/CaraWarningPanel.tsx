import { Alert, Badge, Button, Group, List, Select, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CARA_ERROR_REASONS, CARA_ERROR_REASON_LABELS, type CaraErrorReason } from '../../../../domain/bylaw17';
import type { CheckBody } from '../../../../api/cara/cara.schemas';
import { ApiErrorAlert } from '../ApiErrorAlert';
import { formatDate } from '../format';
import { useCaraCheck, useDismissViolation, type CaraViolation } from './cara-check.api';
import { openWarnings, saveBlockedReasons } from './cara-check';

/**
 * Bylaw 17 warnings for the event being edited, shown before the coach saves: the proposal is checked against the
 * team's season (debounced as the form changes). A violation can be dismissed with one of the spec's error reasons
 * and a note (audited on the server). Warnings never block saving; several teams on a CARA event do, and the form
 * hears of it through `onBlockedChange` (its Save is disabled with the reason shown).
 */
export function CaraWarningPanel({
  proposal,
  replaces,
  onBlockedChange,
}: {
  proposal: CheckBody['event'] | null;
  /** The event being edited (and the occurrence, for "this event"): its current hours are replaced. */
  replaces: { id: string; occurrenceStart?: string } | null;
  /** The reasons the proposal cannot be saved, in the catalogue's words (empty when it can), as the check answers. */
  onBlockedChange?: (reasons: string[]) => void;
}) {
  const [debounced, setDebounced] = useState<CheckBody['event'] | null>(null);
  const key = JSON.stringify(proposal);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(proposal), 400);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the serialised proposal is the dependency
  }, [key]);
  const ready =
    debounced && debounced.sportTeamId && debounced.startDate && debounced.startTime && debounced.endTime
      ? {
          event: { ...debounced, endDate: debounced.endDate || debounced.startDate },
          ...(replaces ? { replacesEventId: replaces.id } : {}),
          ...(replaces?.occurrenceStart ? { occurrenceStart: replaces.occurrenceStart } : {}),
        }
      : null;
  const check = useCaraCheck(ready);
  const data = check.data;
  const blocked = ready && data ? saveBlockedReasons(data) : [];
  const blockedKey = blocked.join('\n');
  useEffect(() => {
    onBlockedChange?.(blockedKey ? blockedKey.split('\n') : []);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the joined reasons are the dependency
  }, [blockedKey]);
  // A closed form has nothing blocking it.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- only on unmount
  useEffect(() => () => onBlockedChange?.([]), []);
  if (!ready || !data || data.status === 'NOT_COUNTABLE') return null;
  // What this event causes first, then what the week already breaks.
  const open = openWarnings(data);
  const dismissed = data.violations.length - open.length;

  return (
    <Stack gap="xs" aria-live="polite">
      {data.blocking.map((b) => (
        <Alert key={b.code} color="red" title="This event cannot be saved as CARA" role="alert">
          {b.message}
        </Alert>
      ))}
      {data.status === 'NOT_APPLICABLE' && data.error && (
        <Alert color="gray" title="Bylaw 17 hours not checked">
          {data.error.message}
        </Alert>
      )}
      {data.status === 'OK' && open.length === 0 && (
        <Text size="sm" c="dimmed">
          Bylaw 17: within the hour limits for this week
          {dismissed > 0 ? ` (${dismissed} dismissed ${dismissed === 1 ? 'warning' : 'warnings'})` : ''}.
        </Text>
      )}
      {open.length > 0 && (
        <Alert color="orange" title={`Bylaw 17 ${open.length === 1 ? 'warning' : 'warnings'} (${open.length})`}>
          <Text size="sm" mb="xs">
            Saving this event breaks these limits. You can still save it; the violation shows in the CARA log.
          </Text>
          <CaraWarningList warnings={open} teamId={ready.event.sportTeamId} />
        </Alert>
      )}
    </Stack>
  );
}

/**
 * Violations as a list (the first 12, then how many more): athlete, what breaks, whether the change causes it, the
 * bylaw and day or week. With a team, each line can be dismissed; without one the list only reads.
 */
export function CaraWarningList({ warnings, teamId }: { warnings: CaraViolation[]; teamId?: string }) {
  return (
    <>
      <List spacing="xs" size="sm">
        {warnings.slice(0, 12).map((v) => (
          <List.Item key={v.key}>
            <ViolationLine violation={v} teamId={teamId} />
          </List.Item>
        ))}
      </List>
      {warnings.length > 12 && (
        <Text size="sm" mt="xs">
          And {warnings.length - 12} more.
        </Text>
      )}
    </>
  );
}

function ViolationLine({ violation: v, teamId }: { violation: CaraViolation; teamId?: string }) {
  const [dismissing, setDismissing] = useState(false);
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {v.athleteName}
        </Text>
        <Text size="sm">{v.message}</Text>
        {v.isNew && (
          <Badge size="sm" color="orange" variant="light">
            New
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          Bylaw {v.bylaw},{' '}
          {v.unit === 'hours' && v.ruleId !== 'DAILY_HOURS' ? `week of ${formatDate(v.weekStart)}` : formatDate(v.date)}
        </Text>
        {teamId && !dismissing && (
          <Button size="compact-xs" variant="subtle" onClick={() => setDismissing(true)}>
            Dismiss
          </Button>
        )}
      </Group>
      {teamId && dismissing && (
        <DismissViolationForm
          teamId={teamId}
          violationKey={v.key}
          onDone={() => setDismissing(false)}
          onCancel={() => setDismissing(false)}
        />
      )}
    </Stack>
  );
}

/**
 * Dismisses one violation of a team with one of the spec's error reasons and a note (both required; the server audits
 * it). Used by the event form's warnings and the log screen.
 */
export function DismissViolationForm({
  teamId,
  violationKey,
  onDone,
  onCancel,
}: {
  teamId: string;
  violationKey: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const dismiss = useDismissViolation(teamId);
  return (
    <Stack gap={6} pl="sm">
      <Select
        label="Error reason"
        placeholder="Choose a reason"
        data={CARA_ERROR_REASONS.map((r) => ({ value: r, label: CARA_ERROR_REASON_LABELS[r as CaraErrorReason] }))}
        value={reason}
        onChange={setReason}
        size="xs"
        required
      />
      <Textarea label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} size="xs" required />
      <ApiErrorAlert error={dismiss.error} />
      <Group gap="xs">
        <Button
          size="compact-sm"
          disabled={!reason || !note.trim()}
          loading={dismiss.isPending}
          onClick={() => dismiss.mutate({ violationKey, reason: reason!, note }, { onSuccess: onDone })}
        >
          Dismiss violation
        </Button>
        <Button size="compact-sm" variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
