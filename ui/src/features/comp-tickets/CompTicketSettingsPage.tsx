import { Button, Checkbox, Fieldset, Group, NumberInput, Radio, Stack, Switch, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  COMP_TICKET_INFO_FIELDS,
  COMP_TICKET_INFO_LABELS,
  COMP_TICKET_RECIPIENT_ROLES,
  COMP_TICKET_REMINDER_MAX_HOURS,
  COMP_TICKET_REMINDER_MIN_HOURS,
  COMP_TICKET_REQUIREMENT_LABELS,
  COMP_TICKET_REQUIREMENTS,
  COMP_TICKETS_MAX_PER_USER,
  type CompTicketRecipientRole,
} from '../../../../domain/comp-tickets';
import { ROLE_LABELS } from '../../../../domain/roles';
import { fieldErrors } from '../../shared/api';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { formatDateTime } from '../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState } from '../../shared/states';
import { useCompTicketSettings, useSaveCompTicketSettings, type CompTicketSettings } from './comp-tickets.api';
import {
  toFormValues,
  toSettingsInput,
  validateReminder,
  validateTickets,
  type CompTicketFormValues,
} from './comp-ticket-form';

const ROLE_RECIPIENT_LABELS: Record<CompTicketRecipientRole, string> = {
  STUDENT_ATHLETE: `${ROLE_LABELS.STUDENT_ATHLETE}s`,
  COACH: 'Coaches and staff',
  SCHOOL_ADMIN: `${ROLE_LABELS.SCHOOL_ADMIN}s`,
};

/** Numbers need a short box; the label and description keep the full width. */
const NARROW_INPUT = { wrapper: { maxWidth: 200 } };

const INLINE_FIELDS = new Set(['ticketsPerUser', 'reminderHours']);

/** SprySign › Settings: the school's comp ticket configuration (issue 4). */
export function CompTicketSettingsPage() {
  const settings = useCompTicketSettings();
  return (
    <Stack>
      <PageHeader
        title="Comp ticket settings"
        description="How many complimentary tickets each person may give for a game, what is asked about each guest, and who receives them."
      />
      {settings.isPending ? (
        <LoadingState rows={6} label="Loading comp ticket settings" />
      ) : settings.isError ? (
        <ErrorState
          error={settings.error}
          onRetry={() => void settings.refetch()}
          title="Could not load the settings"
        />
      ) : (
        <CompTicketForm settings={settings.data} />
      )}
    </Stack>
  );
}

function CompTicketForm({ settings }: { settings: CompTicketSettings }) {
  const save = useSaveCompTicketSettings();
  const form = useForm<CompTicketFormValues>({ defaultValues: toFormValues(settings), mode: 'onTouched' });
  const { errors, isDirty } = form.formState;
  const reminderOn = useWatch({ control: form.control, name: 'reminderOn' });

  useEffect(() => {
    // A save (or another tab's) brings new settings: show them as the clean state.
    form.reset(toFormValues(settings));
  }, [settings, form]);

  const submit = form.handleSubmit((values) =>
    save.mutate(toSettingsInput(values), {
      onSuccess: () => notifications.show({ color: 'teal', message: 'Comp ticket settings saved.' }),
      onError: (error) => {
        for (const [field, message] of Object.entries(fieldErrors(error))) {
          if (field === 'ticketsPerUser' || field === 'reminderHours') form.setError(field, { message });
        }
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Comp ticket settings">
      <Stack gap="lg" maw={760}>
        <ApiErrorAlert error={save.error} isShownInline={(field) => INLINE_FIELDS.has(field)} />
        <Fieldset legend="Tickets" bg="white">
          <Controller
            control={form.control}
            name="ticketsPerUser"
            rules={{ validate: validateTickets }}
            render={({ field }) => (
              <NumberInput
                label="Tickets per user"
                description={`Complimentary tickets each person may give for one game, from 0 to ${COMP_TICKETS_MAX_PER_USER}.`}
                withAsterisk
                styles={NARROW_INPUT}
                allowDecimal={false}
                allowNegative={false}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
                error={errors.ticketsPerUser?.message}
              />
            )}
          />
        </Fieldset>

        <Fieldset legend="Information needed about each guest" bg="white">
          <Text size="sm" c="dimmed" mb="xs">
            For each piece of information: not asked, optional, or mandatory for every guest.
          </Text>
          <Table verticalSpacing="xs" withRowBorders aria-label="Information needed about each guest">
            <Table.Tbody>
              {COMP_TICKET_INFO_FIELDS.map((info) => (
                <Table.Tr key={info}>
                  <Table.Td>
                    <Text size="sm" fw={500} id={`comp-info-${info}`}>
                      {COMP_TICKET_INFO_LABELS[info]}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Controller
                      control={form.control}
                      name={`info.${info}`}
                      render={({ field }) => (
                        <Radio.Group
                          aria-labelledby={`comp-info-${info}`}
                          value={field.value}
                          onChange={(value) => field.onChange(value)}
                          name={field.name}
                        >
                          <Group gap="lg">
                            {COMP_TICKET_REQUIREMENTS.map((requirement) => (
                              <Radio
                                key={requirement}
                                value={requirement}
                                label={COMP_TICKET_REQUIREMENT_LABELS[requirement]}
                                aria-label={`${COMP_TICKET_INFO_LABELS[info]}: ${COMP_TICKET_REQUIREMENT_LABELS[requirement]}`}
                              />
                            ))}
                          </Group>
                        </Radio.Group>
                      )}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Fieldset>

        <Fieldset legend="Reminder" bg="white">
          <Stack gap="sm">
            <Switch
              label="Remind recipients before the game"
              {...form.register('reminderOn', {
                onChange: () => form.clearErrors('reminderHours'),
              })}
            />
            <Controller
              control={form.control}
              name="reminderHours"
              rules={{ validate: (value, values) => validateReminder(value, values.reminderOn) }}
              render={({ field }) => (
                <NumberInput
                  label="Hours before the game"
                  description={`A whole number of hours from ${COMP_TICKET_REMINDER_MIN_HOURS} to ${COMP_TICKET_REMINDER_MAX_HOURS}.`}
                  styles={NARROW_INPUT}
                  disabled={!reminderOn}
                  withAsterisk={reminderOn}
                  allowDecimal={false}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                  error={reminderOn ? errors.reminderHours?.message : undefined}
                />
              )}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend="Recipients" bg="white">
          <Controller
            control={form.control}
            name="recipientRoles"
            render={({ field }) => (
              <Checkbox.Group
                label="Roles that receive comp tickets"
                description="People with these roles can give their tickets to guests."
                value={field.value}
                onChange={(value) => field.onChange(value as CompTicketRecipientRole[])}
              >
                <Stack gap="xs" mt="xs">
                  {COMP_TICKET_RECIPIENT_ROLES.map((role) => (
                    <Checkbox key={role} value={role} label={ROLE_RECIPIENT_LABELS[role]} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
          />
        </Fieldset>

        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed" role="status" data-testid="comp-tickets-saved-state">
            {isDirty
              ? 'You have unsaved changes.'
              : settings.updatedAt
                ? `Saved ${formatDateTime(settings.updatedAt)}.`
                : 'Not saved yet: these are the defaults.'}
          </Text>
          <Group gap="sm">
            <Button variant="default" disabled={!isDirty || save.isPending} onClick={() => form.reset()}>
              Discard changes
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save settings
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
