import { Checkbox, Select, SimpleGrid } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  SEASON_TYPES,
  SEASON_TYPE_LABELS,
  SEGMENT_TYPES_BY_SEASON,
  SEGMENT_TYPE_LABELS,
  WEEKDAYS,
  WEEKDAY_LABELS,
  type SeasonType,
  type SegmentType,
  type Weekday,
} from '../../../../domain/calendar';
import { ERRORS } from '../../../../domain/errors';
import { fieldErrors } from '../../shared/api';
import { defaultTeamId, useSaveSegment, type CalendarTeam, type Segment } from './segments.api';
import { FormDateField } from '../../shared/DateField';
import { DialogModal } from '../../shared/DialogModal';

interface FormValues {
  sportTeamId: string;
  seasonType: SeasonType;
  segmentType: SegmentType;
  startDate: string;
  endDate: string;
  startDayOfWeek: Weekday;
  exemptWeekBeforeFirstContest: boolean;
}

const INLINE_FIELD = /^(sportTeamId|segmentType|startDate|endDate)$/;

function toFormValues(segment: Segment | null, teams: CalendarTeam[]): FormValues {
  if (segment) return { ...segment };
  return {
    sportTeamId: defaultTeamId(teams),
    seasonType: 'IN_SEASON',
    segmentType: 'CHAMPIONSHIP',
    startDate: '',
    endDate: '',
    startDayOfWeek: 'MONDAY',
    exemptWeekBeforeFirstContest: false,
  };
}

/** Create or edit one sport segment; the API checks the academic year and overlaps and answers in the spec's words. */
export function SegmentFormModal({
  opened,
  segment,
  academicYearId,
  teams,
  onClose,
}: {
  opened: boolean;
  segment: Segment | null;
  academicYearId: string;
  teams: CalendarTeam[];
  onClose: () => void;
}) {
  const save = useSaveSegment();
  const form = useForm<FormValues>({ defaultValues: toFormValues(null, teams) });
  const { errors } = form.formState;
  const seasonType = useWatch({ control: form.control, name: 'seasonType' });

  useEffect(() => {
    if (!opened) return;
    form.reset(toFormValues(segment, teams));
    save.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the modal opens
  }, [opened, segment]);

  // A season type offers only its own segment types; keep the choice valid when the season changes.
  useEffect(() => {
    const allowed = SEGMENT_TYPES_BY_SEASON[seasonType];
    if (!allowed.includes(form.getValues('segmentType'))) form.setValue('segmentType', allowed[0]!);
  }, [seasonType, form]);

  const submit = form.handleSubmit((values) =>
    save.mutate(
      {
        id: segment?.id ?? null,
        input: {
          ...values,
          // Out of season has no contests: the exemption applies only in season.
          exemptWeekBeforeFirstContest: values.seasonType === 'IN_SEASON' && values.exemptWeekBeforeFirstContest,
          academicYearId,
        },
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: segment ? 'Segment saved.' : 'Segment created.' });
          onClose();
        },
        onError: (error) => {
          for (const [field, message] of Object.entries(fieldErrors(error))) {
            if (INLINE_FIELD.test(field)) form.setError(field as keyof FormValues, { message });
          }
        },
      },
    ),
  );

  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title={segment ? 'Edit segment' : 'New segment'}
      size="lg"
      actionLabel={segment ? 'Save segment' : 'Create segment'}
      onAction={() => void submit()}
      loading={save.isPending}
      error={save.error}
      isShownInline={(f) => INLINE_FIELD.test(f)}
      asForm
    >
      <Controller
        control={form.control}
        name="sportTeamId"
        rules={{ required: ERRORS.MANDATORY_FIELD.message }}
        render={({ field }) => (
          <Select
            label="Team"
            withAsterisk
            disabled={!!segment}
            data={teams.map((t) => ({ value: t.id, label: t.name }))}
            value={field.value || null}
            onChange={(v) => field.onChange(v ?? '')}
            error={errors.sportTeamId?.message}
          />
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Controller
          control={form.control}
          name="seasonType"
          render={({ field }) => (
            <Select
              label="Season type"
              withAsterisk
              allowDeselect={false}
              data={SEASON_TYPES.map((v) => ({ value: v, label: SEASON_TYPE_LABELS[v] }))}
              value={field.value}
              onChange={(v) => v && field.onChange(v)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="segmentType"
          render={({ field }) => (
            <Select
              label="Segment type"
              withAsterisk
              allowDeselect={false}
              data={SEGMENT_TYPES_BY_SEASON[seasonType].map((v) => ({ value: v, label: SEGMENT_TYPE_LABELS[v] }))}
              value={field.value}
              onChange={(v) => v && field.onChange(v)}
              error={errors.segmentType?.message}
            />
          )}
        />
        <FormDateField
          control={form.control}
          name="startDate"
          label="Start date"
          withAsterisk
          error={errors.startDate?.message}
          rules={{ required: ERRORS.SEGMENT_DATES_REQUIRED.message }}
        />
        <FormDateField
          control={form.control}
          name="endDate"
          label="End date"
          withAsterisk
          error={errors.endDate?.message}
          rules={{
            required: ERRORS.SEGMENT_DATES_REQUIRED.message,
            validate: (end, values) => {
              if (!values.startDate) return true;
              if (end === values.startDate) return ERRORS.SEGMENT_DATES_REQUIRED.message;
              return end > values.startDate || ERRORS.SEGMENT_END_BEFORE_START.message;
            },
          }}
        />
      </SimpleGrid>
      <Controller
        control={form.control}
        name="startDayOfWeek"
        render={({ field }) => (
          <Select
            label="Week starts on"
            description="The first day of each 7-day week of this segment, fixed for the whole segment."
            withAsterisk
            allowDeselect={false}
            data={WEEKDAYS.map((v) => ({ value: v, label: WEEKDAY_LABELS[v] }))}
            value={field.value}
            onChange={(v) => v && field.onChange(v)}
          />
        )}
      />
      {seasonType === 'IN_SEASON' && (
        <Checkbox
          label="The week before the first contest is exempt"
          description="Daily and weekly hour limits are not checked on the seven days before this segment's first contest. Turn it on only where your compliance office says the exemption applies."
          {...form.register('exemptWeekBeforeFirstContest')}
        />
      )}
    </DialogModal>
  );
}
