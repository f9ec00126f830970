import { Button, Card, Group, NumberInput, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage, fieldErrors } from '../../shared/api';
import { useDisclosureSettings, useSaveDisclosureSettings } from './disclosures.api';

/** The school's reviewer reminder time: reviewers are reminded while a disclosure waits longer than this. */
export function ReviewReminderCard() {
  const settings = useDisclosureSettings();
  const save = useSaveDisclosureSettings();
  const [hours, setHours] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  const current = settings.data?.reviewReminderHours;
  const value = hours === '' ? (current ?? '') : hours;

  const submit = () => {
    if (value === '') return;
    save.mutate(
      { reviewReminderHours: Number(value) },
      {
        onSuccess: () => {
          setError(null);
          setHours('');
          notifications.show({ color: 'teal', message: 'Reviewer reminders saved.' });
        },
        onError: (e) => setError(fieldErrors(e).reviewReminderHours ?? errorMessage(e)),
      },
    );
  };

  return (
    <Card withBorder>
      <Title order={2} size="h5" mb={4}>
        Reviewer reminders
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Compliance reviewers are reminded while a disclosure waits for a decision longer than this. A change applies to
        disclosures submitted from then on.
      </Text>
      <Group align="flex-end">
        <NumberInput
          label="Remind after (hours)"
          min={1}
          max={168}
          allowDecimal={false}
          value={value}
          onChange={(v) => {
            setHours(v === '' ? '' : Number(v));
            setError(null);
          }}
          error={error}
          disabled={settings.isPending}
          w={200}
        />
        <Button
          variant="default"
          onClick={submit}
          loading={save.isPending}
          disabled={hours === '' || hours === current}
        >
          Save
        </Button>
      </Group>
    </Card>
  );
}
