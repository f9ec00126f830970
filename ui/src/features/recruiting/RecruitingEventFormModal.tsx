import { MultiSelect, Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  RECRUITING_EVENT_KINDS,
  RECRUITING_EVENT_LIMITS,
  maxDaysOf,
  type RecruitingEventKind,
} from '../../../../domain/recruiting-events';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { DialogModal } from '../../shared/DialogModal';
import { fieldErrorsSince, isApiError } from '../../shared/api';
import { LoadingState } from '../../shared/states';
import { defaultTeamId } from '../../shared/calendar-teams.api';
import {
  useRecruitingEventOptions,
  useSaveRecruitingEvent,
  type PersonRef,
  type RecruitingEvent,
  type RecruitingEventInput,
} from './recruiting-events.api';
import { EventTimeFields } from '../../shared/EventTimeFields';
import { countOf } from '../../shared/labels';

/** Fields whose server message shows under their own input. */
const INLINE = new Set([
  'name',
  'kind',
  'sportTeamId',
  'description',
  'startDate',
  'endDate',
  'endTime',
  'timeZone',
  'psaIds',
  'hostAthleteIds',
  'coachIds',
  'notes',
]);
/** A refusal whose every problem already shows under its field needs no second copy above the buttons. */
const allInline = (error: unknown) =>
  isApiError(error) && error.details.length > 0 && error.details.every((d) => !!d.field && INLINE.has(d.field));

const today = () => new Date().toISOString().slice(0, 10);
const words = (s: string | null | undefined) => (s?.trim() ? s.trim().split(/\s+/).length : 0);
const choices = (people: PersonRef[]) =>
  people.map((p) => ({ value: p.id, label: p.detail ? `${p.name} (${p.detail})` : p.name }));

function blank(timeZone: string, teamId: string | null): RecruitingEventInput {
  return {
    name: '',
    kind: 'UNOFFICIAL_VISIT',
    sportTeamId: teamId ?? '',
    description: '',
    notes: '',
    location: '',
    timeZone,
    startDate: today(),
    startTime: '09:00',
    endDate: today(),
    endTime: '17:00',
    hostAthleteIds: [],
    psaIds: [],
    coachIds: [],
  };
}

function fromEvent(e: RecruitingEvent): RecruitingEventInput {
  return {
    name: e.name,
    kind: e.kind,
    sportTeamId: e.sportTeamId,
    description: e.description ?? '',
    notes: e.notes ?? '',
    location: e.location ?? '',
    timeZone: e.timeZone,
    startDate: e.startDate,
    startTime: e.startTime,
    endDate: e.endDate,
    endTime: e.endTime,
    hostAthleteIds: e.hostAthletes.map((p) => p.id),
    psaIds: e.psas.map((p) => p.id),
    coachIds: e.coaches.map((p) => p.id),
  };
}

/**
 * Create or edit a recruiting event: what, which team, when (at most 3 days, an evaluation 14), and who attends
 * (host athletes from the rosters, up to 20 prospects, coaches). The server checks every rule; its words show
 * under the field they concern.
 */
export function RecruitingEventFormModal({
  opened,
  event,
  onClose,
  onSaved,
}: {
  opened: boolean;
  event: RecruitingEvent | null;
  onClose: () => void;
  onSaved?: (saved: RecruitingEvent) => void;
}) {
  const options = useRecruitingEventOptions(opened);
  const title = event ? `Edit ${event.name}` : 'New recruiting event';
  const actionLabel = event ? 'Save changes' : 'Create event';
  if (!options.data) {
    return (
      <DialogModal
        opened={opened}
        onClose={onClose}
        title={title}
        size="lg"
        actionLabel={actionLabel}
        onAction={() => undefined}
        actionDisabled
      >
        {options.error ? <ApiErrorAlert error={options.error} /> : <LoadingState label="Loading the form" />}
      </DialogModal>
    );
  }
  return (
    <EventForm
      key={event?.id ?? 'new'}
      opened={opened}
      title={title}
      actionLabel={actionLabel}
      initial={() =>
        event ? fromEvent(event) : blank(options.data.schoolTimeZone, defaultTeamId(options.data.teams) || null)
      }
      id={event?.id ?? null}
      options={options.data}
      extra={event ? { hosts: event.hostAthletes, psas: event.psas, coaches: event.coaches } : null}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

function merged(list: PersonRef[], extra: PersonRef[] | undefined) {
  const ids = new Set(list.map((p) => p.id));
  return [...list, ...(extra ?? []).filter((p) => !ids.has(p.id))];
}

function EventForm({
  opened,
  title,
  actionLabel,
  initial,
  id,
  options,
  extra,
  onClose,
  onSaved,
}: {
  opened: boolean;
  title: string;
  actionLabel: string;
  /** The values the form starts from, each time it opens. */
  initial: () => RecruitingEventInput;
  id: string | null;
  options: NonNullable<ReturnType<typeof useRecruitingEventOptions>['data']>;
  extra: { hosts: PersonRef[]; psas: PersonRef[]; coaches: PersonRef[] } | null;
  onClose: () => void;
  onSaved?: (saved: RecruitingEvent) => void;
}) {
  const [v, setV] = useState<RecruitingEventInput>(initial);
  // Each opening starts from the event as it is (or a blank one), as a freshly mounted form did.
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setV(initial());
  }
  const save = useSaveRecruitingEvent(id);
  const close = () => {
    save.reset();
    onClose();
  };
  const errors = fieldErrorsSince(save.error, save.variables, v);
  const set = <K extends keyof RecruitingEventInput>(k: K, value: RecruitingEventInput[K]) =>
    setV((prev) => ({ ...prev, [k]: value }));
  const maxDays = maxDaysOf(v.kind);

  const submit = () =>
    save.mutate(v, {
      onSuccess: (saved) => {
        notifications.show({
          color: 'green',
          message: saved.status === 'PENDING' ? `${saved.name} sent for approval` : `${saved.name} saved`,
        });
        onSaved?.(saved);
        close();
      },
    });

  return (
    <DialogModal
      opened={opened}
      onClose={close}
      title={title}
      size="lg"
      asForm
      actionLabel={actionLabel}
      onAction={submit}
      loading={save.isPending}
      error={save.error && !allInline(save.error) ? save.error : null}
      isShownInline={(f) => INLINE.has(f)}
    >
      <TextInput
        label="Name"
        required
        description={`At most ${RECRUITING_EVENT_LIMITS.nameWords} words (${words(v.name)} used).`}
        value={v.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={errors.name}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Kind"
          required
          allowDeselect={false}
          data={Object.entries(RECRUITING_EVENT_KINDS).map(([value, label]) => ({ value, label }))}
          value={v.kind}
          onChange={(k) => set('kind', (k ?? 'OTHER') as RecruitingEventKind)}
          error={errors.kind}
        />
        <Select
          label="Team"
          required
          searchable
          placeholder="Choose a team"
          data={options.teams.map((t) => ({ value: t.id, label: t.name }))}
          value={v.sportTeamId || null}
          onChange={(t) => set('sportTeamId', t ?? '')}
          error={errors.sportTeamId}
          nothingFoundMessage="No teams"
        />
      </SimpleGrid>
      <Textarea
        label="Description"
        description={`At most ${RECRUITING_EVENT_LIMITS.descriptionWords} words (${words(v.description)} used).`}
        autosize
        minRows={2}
        value={v.description ?? ''}
        onChange={(e) => set('description', e.currentTarget.value)}
        error={errors.description}
      />
      <EventTimeFields
        value={v}
        onChange={set}
        errors={errors}
        endDateDescription={`The event lasts at most ${countOf(maxDays, 'day')}.`}
        beside={
          <TextInput
            label="Location"
            value={v.location ?? ''}
            onChange={(e) => set('location', e.currentTarget.value)}
          />
        }
      />
      <MultiSelect
        label="Prospects"
        description={`At most ${RECRUITING_EVENT_LIMITS.psasPerSelection} per event.`}
        searchable
        placeholder={v.psaIds.length ? undefined : 'Search prospects'}
        data={choices(merged(options.psas, extra?.psas))}
        value={v.psaIds}
        onChange={(ids) => set('psaIds', ids)}
        maxValues={RECRUITING_EVENT_LIMITS.psasPerSelection}
        error={errors.psaIds}
        nothingFoundMessage="No prospects found"
      />
      <MultiSelect
        label="Host athletes"
        searchable
        placeholder={v.hostAthleteIds.length ? undefined : 'Search your rosters'}
        data={choices(merged(options.hostAthletes, extra?.hosts))}
        value={v.hostAthleteIds}
        onChange={(ids) => set('hostAthleteIds', ids)}
        error={errors.hostAthleteIds}
        nothingFoundMessage="No athletes found"
      />
      <MultiSelect
        label="Coaches"
        searchable
        placeholder={v.coachIds.length ? undefined : 'Search coaches and staff'}
        data={choices(merged(options.coaches, extra?.coaches))}
        value={v.coachIds}
        onChange={(ids) => set('coachIds', ids)}
        error={errors.coachIds}
        nothingFoundMessage="No coaches found"
      />
      <Textarea
        label="Notes"
        description={`At most ${RECRUITING_EVENT_LIMITS.notesWords} words (${words(v.notes)} used).`}
        autosize
        minRows={2}
        value={v.notes ?? ''}
        onChange={(e) => set('notes', e.currentTarget.value)}
        error={errors.notes}
      />
    </DialogModal>
  );
}
