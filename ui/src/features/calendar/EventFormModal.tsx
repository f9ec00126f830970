import {
  Chip,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { Controller, useController, useForm, useWatch } from 'react-hook-form';
import { WEEKDAYS, WEEKDAY_LABELS, type Weekday } from '../../../../domain/calendar';
import {
  CARA_CATEGORIES,
  CARA_CATEGORY_LABELS,
  EVENT_CATEGORIES,
  EVENT_CATEGORY_LABELS,
  EVENT_LIMITS,
  REMINDER_MINUTES,
  REPEAT_LABELS,
  REPEAT_OPTIONS,
  type RepeatOption,
} from '../../../../domain/calendar-events';
import { countWords } from '../../../../domain/text';
import { fieldErrors } from '../../shared/api';
import { useSaveEvent, type CalendarEvent, type CalendarPerson, type EditScope, type EventInput } from './events.api';
import { defaultTeamId, type CalendarTeam } from './segments.api';
import { CaraWarningPanel } from '../../shared/cara/CaraWarningPanel';
import { FormDateField } from '../../shared/DateField';
import { DialogModal } from '../../shared/DialogModal';
import { EventTimeFields } from '../../shared/EventTimeFields';

type FormValues = Omit<
  EventInput,
  'reminderMinutes' | 'caraCategory' | 'location' | 'notes' | 'agenda' | 'repeatUntil'
> & {
  caraCategory: string;
  location: string;
  notes: string;
  agenda: string;
  repeatUntil: string;
  reminder: string;
};

const INLINE_FIELD =
  /^(name|sportTeamId|category|attendees|attendeeUserIds|attendeeTeamIds|startDate|endDate|endTime|repeatUntil|weekdays|notes|agenda|timeZone)$/;

function reminderLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes before`;
  if (minutes < 1440) return minutes === 60 ? '1 hour before' : `${minutes / 60} hours before`;
  if (minutes < 10080) return minutes === 1440 ? '1 day before' : `${minutes / 1440} days before`;
  return '1 week before';
}

function blank(teams: CalendarTeam[], date: string, timeZone: string): FormValues {
  const team = defaultTeamId(teams);
  return {
    name: '',
    category: 'CARA',
    caraCategory: 'PRACTICE',
    sportTeamId: team,
    attendeeTeamIds: team ? [team] : [],
    attendeeUserIds: [],
    location: '',
    timeZone,
    startDate: date,
    startTime: '16:00',
    endDate: date,
    endTime: '18:00',
    repeat: 'NEVER',
    weekdays: [],
    repeatUntil: '',
    notes: '',
    agenda: '',
    reminder: 'DEFAULT',
  };
}

function fromEvent(event: CalendarEvent, occurrence: { date: string } | null): FormValues {
  const moved = occurrence && event.repeat !== 'NEVER' ? { startDate: occurrence.date, endDate: occurrence.date } : {};
  return {
    name: event.name,
    category: event.category,
    caraCategory: event.caraCategory ?? '',
    sportTeamId: event.sportTeamId,
    attendeeTeamIds: event.attendeeTeamIds,
    attendeeUserIds: event.attendeeUserIds,
    location: event.location ?? '',
    timeZone: event.timeZone,
    startDate: event.startDate,
    startTime: event.startTime,
    endDate: event.endDate,
    endTime: event.endTime,
    repeat: event.repeat,
    weekdays: event.weekdays as Weekday[],
    repeatUntil: event.repeatUntil ?? '',
    notes: event.notes ?? '',
    agenda: event.agenda ?? '',
    reminder: event.reminderMinutes === null ? 'NONE' : String(event.reminderMinutes),
    ...moved,
  };
}

function toInput(v: FormValues): EventInput {
  const { reminder, ...rest } = v;
  return {
    ...rest,
    caraCategory: (v.caraCategory || null) as EventInput['caraCategory'],
    location: v.location || null,
    notes: v.notes || null,
    agenda: v.agenda || null,
    repeatUntil: v.repeat === 'NEVER' ? null : v.repeatUntil || null,
    weekdays: v.repeat === 'WEEKLY' || v.repeat === 'BIWEEKLY' ? v.weekdays : [],
    ...(reminder === 'DEFAULT' ? {} : { reminderMinutes: reminder === 'NONE' ? null : Number(reminder) }),
  };
}

/**
 * Create an event, or edit one; an occurrence of a repeating series asks whether the change is for this event, this
 * and following, or all of the series. The API checks every rule and answers in the spec's words.
 */
export function EventFormModal({
  opened,
  event,
  occurrence,
  teams,
  people,
  defaultDate,
  defaultTimeZone,
  onClose,
}: {
  opened: boolean;
  event: CalendarEvent | null;
  /** The occurrence the user opened (its original start), when editing a repeating series. */
  occurrence: { start: string; date: string } | null;
  teams: CalendarTeam[];
  people: CalendarPerson[];
  defaultDate: string;
  defaultTimeZone: string;
  onClose: () => void;
}) {
  const save = useSaveEvent();
  const form = useForm<FormValues>({ defaultValues: blank(teams, defaultDate, defaultTimeZone) });
  const { errors } = form.formState;
  const [repeat, category, notes, agenda] = useWatch({
    control: form.control,
    name: ['repeat', 'category', 'notes', 'agenda'],
  });
  const timeFields = {
    startDate: useController({ control: form.control, name: 'startDate', rules: { required: 'Date is required.' } }),
    startTime: useController({
      control: form.control,
      name: 'startTime',
      rules: { required: 'Start time is required.' },
    }),
    endDate: useController({ control: form.control, name: 'endDate', rules: { required: 'Date is required.' } }),
    endTime: useController({ control: form.control, name: 'endTime', rules: { required: 'End time is required.' } }),
    timeZone: useController({ control: form.control, name: 'timeZone' }),
  };
  const [startDate, startTime, endDate, endTime, timeZone] = [
    timeFields.startDate.field.value,
    timeFields.startTime.field.value,
    timeFields.endDate.field.value,
    timeFields.endTime.field.value,
    timeFields.timeZone.field.value,
  ];
  const series = !!event && event.repeat !== 'NEVER';
  const scopeForm = useForm<{ scope: EditScope }>({ defaultValues: { scope: 'THIS' } });
  const scope = useWatch({ control: scopeForm.control, name: 'scope' });
  // What the Bylaw 17 check says stops this event from being saved (e.g. several teams on a CARA event).
  const [blocked, setBlocked] = useState<string[]>([]);

  useEffect(() => {
    if (!opened) return;
    form.reset(event ? fromEvent(event, occurrence) : blank(teams, defaultDate, defaultTimeZone));
    scopeForm.reset({ scope: series ? 'THIS' : 'ALL' });
    save.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the modal opens
  }, [opened, event]);

  const submit = form.handleSubmit((values) => {
    if (blocked.length > 0) return;
    const input = toInput(values);
    // "This event" turns the occurrence into a single event; "all" keeps the series' own first date.
    const body: EventInput =
      scope === 'THIS' && series ? { ...input, repeat: 'NEVER', weekdays: [], repeatUntil: null } : input;
    save.mutate(
      {
        id: event?.id ?? null,
        input: body,
        scope: series ? scope : 'ALL',
        occurrenceStart: series && scope !== 'ALL' ? occurrence?.start : undefined,
      },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'teal',
            message: saved.status === 'PENDING' ? 'Event saved and sent for approval.' : 'Event saved.',
          });
          onClose();
        },
        onError: (error) => {
          for (const [field, message] of Object.entries(fieldErrors(error))) {
            if (INLINE_FIELD.test(field)) form.setError(field as keyof FormValues, { message });
          }
        },
      },
    );
  });

  const showRepeat = !series || scope !== 'THIS';
  // Bylaw 17 warnings before saving (issue 17): the panel checks the form's current values against the season.
  const watched = useWatch({ control: form.control }) as FormValues;

  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title={event ? 'Edit event' : 'New event'}
      size="xl"
      asForm
      formLabel={event ? 'Edit event' : 'New event'}
      actionLabel="Save event"
      loading={save.isPending}
      actionDisabled={blocked.length > 0}
      actionDescribedBy={blocked.length > 0 ? 'event-save-blocked' : undefined}
      onAction={() => void submit()}
      error={save.error}
      isShownInline={(f) => INLINE_FIELD.test(f)}
    >
      {series && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="edit-scope-label">
            Apply the change to
          </Text>
          <Controller
            control={scopeForm.control}
            name="scope"
            render={({ field }) => (
              <SegmentedControl
                aria-labelledby="edit-scope-label"
                value={field.value}
                onChange={(v) => field.onChange(v as EditScope)}
                data={[
                  { value: 'THIS', label: 'This event' },
                  { value: 'FOLLOWING', label: 'This and following' },
                  { value: 'ALL', label: 'All events' },
                ]}
              />
            )}
          />
        </Stack>
      )}
      <TextInput
        label="Name"
        withAsterisk
        description={`At most ${EVENT_LIMITS.nameWords} words.`}
        error={errors.name?.message}
        {...form.register('name', { validate: (v) => !!v.trim() || 'Name is required.' })}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Controller
          control={form.control}
          name="sportTeamId"
          rules={{ required: 'Team is required.' }}
          render={({ field }) => (
            <Select
              label="Team"
              withAsterisk
              data={teams.map((t) => ({ value: t.id, label: t.name }))}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              error={errors.sportTeamId?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="category"
          render={({ field }) => (
            <Select
              label="Category"
              withAsterisk
              allowDeselect={false}
              data={EVENT_CATEGORIES.map((c) => ({ value: c, label: EVENT_CATEGORY_LABELS[c] }))}
              value={field.value}
              onChange={(v) => v && field.onChange(v)}
              error={errors.category?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="caraCategory"
          render={({ field }) => (
            <Select
              label="CARA category"
              description={category === 'CARA' ? 'Countable activity' : 'Only for countable activities'}
              clearable
              data={CARA_CATEGORIES.map((c) => ({ value: c, label: CARA_CATEGORY_LABELS[c] }))}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
            />
          )}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Controller
          control={form.control}
          name="attendeeTeamIds"
          render={({ field }) => (
            <MultiSelect
              label="Attending teams"
              description={`Whole teams, at most ${EVENT_LIMITS.teams}.`}
              data={teams.map((t) => ({ value: t.id, label: t.name }))}
              value={field.value}
              onChange={field.onChange}
              error={
                errors.attendeeTeamIds?.message ?? (errors as Record<string, { message?: string }>).attendees?.message
              }
            />
          )}
        />
        <Controller
          control={form.control}
          name="attendeeUserIds"
          render={({ field }) => (
            <MultiSelect
              label="Attending individuals"
              description={`Athletes or staff, at most ${EVENT_LIMITS.individuals}.`}
              searchable
              data={[
                {
                  group: 'Athletes',
                  items: people.filter((p) => p.kind === 'ATHLETE').map((p) => ({ value: p.id, label: p.name })),
                },
                {
                  group: 'Staff',
                  items: people.filter((p) => p.kind === 'STAFF').map((p) => ({ value: p.id, label: p.name })),
                },
              ]}
              value={field.value}
              onChange={field.onChange}
              error={errors.attendeeUserIds?.message}
            />
          )}
        />
      </SimpleGrid>
      <EventTimeFields
        value={{ startDate, startTime, endDate, endTime, timeZone }}
        onChange={(key, next) => timeFields[key].field.onChange(next)}
        errors={{
          startDate: errors.startDate?.message,
          startTime: errors.startTime?.message,
          endDate: errors.endDate?.message,
          endTime: errors.endTime?.message,
          timeZone: errors.timeZone?.message,
        }}
        beside={<TextInput label="Location" {...form.register('location')} />}
      />
      {showRepeat && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={form.control}
            name="repeat"
            render={({ field }) => (
              <Select
                label="Repeat"
                allowDeselect={false}
                data={REPEAT_OPTIONS.map((r) => ({ value: r, label: REPEAT_LABELS[r] }))}
                value={field.value}
                onChange={(v) => v && field.onChange(v as RepeatOption)}
              />
            )}
          />
          {repeat !== 'NEVER' && (
            <FormDateField
              control={form.control}
              name="repeatUntil"
              label="End repeat"
              withAsterisk
              error={errors.repeatUntil?.message}
              rules={{ required: 'End repeat date is required for repeating events.' }}
            />
          )}
        </SimpleGrid>
      )}
      {showRepeat && (repeat === 'WEEKLY' || repeat === 'BIWEEKLY') && (
        <Controller
          control={form.control}
          name="weekdays"
          rules={{ validate: (v) => (v?.length ?? 0) > 0 || 'Weekdays are required for a weekly repeat.' }}
          render={({ field }) => (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="weekdays-label">
                On these days
              </Text>
              <Chip.Group multiple value={field.value ?? []} onChange={(v) => field.onChange(v as Weekday[])}>
                <Group gap="xs" role="group" aria-labelledby="weekdays-label">
                  {WEEKDAYS.map((d) => (
                    <Chip key={d} value={d} size="sm">
                      {WEEKDAY_LABELS[d]}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
              {errors.weekdays && (
                <Text size="xs" c="red.8" role="alert">
                  {errors.weekdays.message}
                </Text>
              )}
            </Stack>
          )}
        />
      )}
      <Controller
        control={form.control}
        name="reminder"
        render={({ field }) => (
          <Select
            label="Remind attendees"
            allowDeselect={false}
            data={[
              { value: 'DEFAULT', label: 'Default (15 minutes; countable events 1 hour)' },
              { value: 'NONE', label: 'No reminder' },
              ...REMINDER_MINUTES.map((m) => ({ value: String(m), label: reminderLabel(m) })),
            ]}
            value={field.value}
            onChange={(v) => v && field.onChange(v)}
          />
        )}
      />
      <Textarea
        label="Notes"
        autosize
        minRows={2}
        description={`${countWords(notes)} of ${EVENT_LIMITS.notesWords} words`}
        error={errors.notes?.message}
        {...form.register('notes')}
      />
      <Textarea
        label="Agenda"
        autosize
        minRows={2}
        description={`${countWords(agenda)} of ${EVENT_LIMITS.agendaWords} words`}
        error={errors.agenda?.message}
        {...form.register('agenda')}
      />
      {opened && (
        <CaraWarningPanel
          proposal={toInput(watched)}
          replaces={
            event ? { id: event.id, occurrenceStart: series && scope === 'THIS' ? occurrence?.start : undefined } : null
          }
          onBlockedChange={setBlocked}
        />
      )}
      {blocked.length > 0 && (
        <Text size="sm" c="red.8" id="event-save-blocked">
          Save is unavailable: {blocked.join(' ')}
        </Text>
      )}
    </DialogModal>
  );
}
