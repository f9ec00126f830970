import { Alert, Group, MultiSelect, NumberInput, Select, Stack, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { CARA_FREQUENCIES, CARA_FREQUENCY_LABELS } from '../../../../domain/bylaw17';
import { fieldErrors, fieldErrorsSince } from '../../shared/api';
import { ErrorState, LoadingState } from '../../shared/states';
import { useCaraSettings, useSaveCaraSettings, type CaraSettings } from './cara.api';
import { DialogModal } from '../../shared/DialogModal';

type Values = Omit<CaraSettings, 'teamId' | 'teamName' | 'segmentsConfigured' | 'staff' | 'updatedAt'>;

/** A team's CARA log settings: logging on or off, period, due date, submitters, viewers, reviewers and the survey. */
export function CaraSettingsModal({
  teamId,
  opened,
  onClose,
}: {
  teamId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const settings = useCaraSettings(opened ? teamId : null);
  const save = useSaveCaraSettings(teamId);
  const [values, setValues] = useState<Values | null>(null);
  // Each opening, and each load of the settings, starts the form from what is saved.
  const [loadedAt, setLoadedAt] = useState<number | null>(null);
  const loaded = opened && settings.data ? settings.dataUpdatedAt : null;
  if (loaded !== loadedAt) {
    setLoadedAt(loaded);
    setValues(loaded !== null && settings.data ? valuesOf(settings.data) : null);
  }
  // A closed dialog forgets its failed save.
  const close = () => {
    save.reset();
    onClose();
  };
  return (
    <DialogModal
      opened={opened}
      onClose={close}
      title={`CARA log settings${settings.data ? `: ${settings.data.teamName}` : ''}`}
      size="lg"
      actionLabel="Save settings"
      actionDisabled={!values}
      loading={save.isPending}
      error={save.error}
      isShownInline={(f) => f in fieldErrors(save.error)}
      onAction={() =>
        values &&
        save.mutate(values, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: 'CARA settings saved.' });
            onClose();
          },
        })
      }
    >
      {settings.isPending && <LoadingState rows={4} label="Loading settings" />}
      {settings.error && <ErrorState error={settings.error} />}
      {values && settings.data && (
        <SettingsFields
          values={values}
          setValues={setValues}
          data={settings.data}
          errors={fieldErrorsSince(save.error, save.variables, values)}
        />
      )}
    </DialogModal>
  );
}

function valuesOf(data: CaraSettings): Values {
  const { teamId: _t, teamName: _n, segmentsConfigured: _s, staff: _st, updatedAt: _u, ...rest } = data;
  return rest;
}

function SettingsFields({
  values,
  setValues,
  data,
  errors,
}: {
  values: Values;
  setValues: (update: (v: Values | null) => Values | null) => void;
  data: CaraSettings;
  errors: Record<string, string | undefined>;
}) {
  const staff = data.staff.map((s) => ({ value: s.id, label: s.name }));
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => (v ? { ...v, [key]: value } : v));

  return (
    <Stack>
      {!data.segmentsConfigured && (
        <Alert color="orange" title="No sport segment">
          Sport segment not configured so CARA logs cannot be turned on.
        </Alert>
      )}
      <Switch
        label="Keep CARA logs for this team"
        checked={values.loggingEnabled}
        onChange={(e) => set('loggingEnabled', e.currentTarget.checked)}
      />
      <Group grow wrap="wrap">
        <Select
          label="Frequency"
          data={CARA_FREQUENCIES.map((f) => ({ value: f, label: CARA_FREQUENCY_LABELS[f] }))}
          value={values.frequency}
          onChange={(v) => set('frequency', v as Values['frequency'])}
          error={errors.frequency}
          allowDeselect={false}
        />
        <NumberInput
          label="Due (days after the period ends)"
          min={0}
          max={30}
          value={values.dueDays ?? ''}
          onChange={(v) => set('dueDays', v === '' ? null : Number(v))}
          error={errors.dueDays}
        />
        <NumberInput
          label="Reminder (days before due)"
          min={0}
          max={30}
          value={values.reminderDays ?? ''}
          onChange={(v) => set('reminderDays', v === '' ? null : Number(v))}
        />
      </Group>
      <MultiSelect
        label="Submitters"
        description="Only these people submit or edit the team's logs."
        data={staff}
        value={values.submitterIds}
        onChange={(v) => set('submitterIds', v)}
        error={errors.submitterIds}
        searchable
      />
      <MultiSelect
        label="Reviewers"
        data={staff}
        value={values.reviewerIds}
        onChange={(v) => set('reviewerIds', v)}
        error={errors.reviewerIds}
        searchable
      />
      <MultiSelect
        label="Viewers"
        data={staff}
        value={values.viewerIds}
        onChange={(v) => set('viewerIds', v)}
        searchable
      />
      <Group grow wrap="wrap" align="flex-end">
        <Switch
          label="Athletes confirm their hours (survey)"
          checked={values.surveyEnabled}
          onChange={(e) => set('surveyEnabled', e.currentTarget.checked)}
        />
        <NumberInput
          label="Survey expires (days after the period ends)"
          min={1}
          max={60}
          disabled={!values.surveyEnabled}
          value={values.surveyExpiryDays ?? ''}
          onChange={(v) => set('surveyExpiryDays', v === '' ? null : Number(v))}
          error={errors.surveyExpiryDays}
        />
      </Group>
    </Stack>
  );
}
