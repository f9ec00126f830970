import { Alert, Button, Group, Modal, MultiSelect, NumberInput, Select, Stack, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { CARA_FREQUENCIES, CARA_FREQUENCY_LABELS } from '../../../../domain/bylaw17';
import { fieldErrors, fieldErrorsSince } from '../../shared/api';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { ErrorState, LoadingState } from '../../shared/states';
import { useCaraSettings, useSaveCaraSettings, type CaraSettings } from './cara.api';

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
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`CARA log settings${settings.data ? `: ${settings.data.teamName}` : ''}`}
      size="lg"
    >
      {settings.isPending && <LoadingState rows={4} label="Loading settings" />}
      {settings.error && <ErrorState error={settings.error} />}
      {settings.data && opened && (
        <SettingsForm key={settings.dataUpdatedAt} data={settings.data} teamId={teamId} onClose={onClose} />
      )}
    </Modal>
  );
}

function SettingsForm({ data, teamId, onClose }: { data: CaraSettings; teamId: string; onClose: () => void }) {
  const settings = { data };
  const save = useSaveCaraSettings(teamId);
  const [values, setValues] = useState<Values | null>(() => {
    const { teamId: _t, teamName: _n, segmentsConfigured: _s, staff: _st, updatedAt: _u, ...rest } = data;
    return rest;
  });
  const staff = data.staff.map((s) => ({ value: s.id, label: s.name }));
  const errors = values ? fieldErrorsSince(save.error, save.variables, values) : fieldErrors(save.error);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => (v ? { ...v, [key]: value } : v));

  return (
    <>
      {values && settings.data && (
        <Stack>
          {!settings.data.segmentsConfigured && (
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
          <ApiErrorAlert error={save.error} isShownInline={(f) => f in fieldErrors(save.error)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              loading={save.isPending}
              onClick={() =>
                save.mutate(values, {
                  onSuccess: () => {
                    notifications.show({ color: 'teal', message: 'CARA settings saved.' });
                    onClose();
                  },
                })
              }
            >
              Save settings
            </Button>
          </Group>
        </Stack>
      )}
    </>
  );
}
