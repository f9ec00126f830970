import {
  Anchor,
  Button,
  Fieldset,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ERRORS } from '../../../../domain/errors';
import { PLAN_LABELS, PLANS, type Plan } from '../../../../domain/plans';
import { DIVISION_LABELS, DIVISIONS, SCHOOL_TIME_ZONES, slugify, US_STATES } from '../../../../domain/schools';
import { fieldErrors } from '../../shared/api';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { PageHeader } from '../../shared/PageHeader';
import { useOnboardSchool } from './schools.api';
import {
  EMPTY_SCHOOL_FORM,
  formFieldOf,
  requiredText,
  timeZoneOptions,
  toCreateSchoolBody,
  validateEmail,
  validateSlug,
  type SchoolFormValues,
} from './school-form';

const PLAN_DESCRIPTIONS: Record<Plan, string> = {
  COMPLIANCE: 'Rosters, CARA logs, education and the compliance tools.',
  CONNECT: 'Everything in Compliance plus disclosures, paperwork, messaging and recruiting.',
};
const DIVISION_OPTIONS = DIVISIONS.map((d) => ({ value: d, label: DIVISION_LABELS[d] }));
const STATE_OPTIONS = Object.entries(US_STATES).map(([code, name]) => ({ value: code, label: `${name} (${code})` }));
const chosen = (v: string) => v !== '' || ERRORS.MANDATORY_FIELD.message;

/** Provider operators onboard a school: its details and plan, and the first school admin who gets an invitation. */
export function OnboardSchoolPage() {
  const navigate = useNavigate();
  const onboard = useOnboardSchool();
  const zones = useMemo(() => timeZoneOptions(SCHOOL_TIME_ZONES), []);
  const form = useForm<SchoolFormValues>({ defaultValues: EMPTY_SCHOOL_FORM, mode: 'onTouched' });
  const { errors } = form.formState;
  const name = useWatch({ control: form.control, name: 'name' });
  const derivedSlug = slugify(name ?? '');

  const submit = form.handleSubmit((values) =>
    onboard.mutate(toCreateSchoolBody(values), {
      onSuccess: (data) => {
        notifications.show({
          color: 'teal',
          title: `${data.school.name} is onboarded`,
          message: `Invitation sent to ${data.firstAdmin.email}.`,
        });
        void navigate(`/school/profile/${data.school.id}`);
      },
      onError: (error) => {
        for (const [field, message] of Object.entries(fieldErrors(error))) {
          const input = formFieldOf(field);
          if (input) form.setError(input, { message });
        }
      },
    }),
  );

  const select = (
    field: 'division' | 'state' | 'timeZone',
    label: string,
    data: Array<{ value: string; label: string }>,
  ) => (
    <Controller
      control={form.control}
      name={field}
      rules={{ validate: chosen }}
      render={({ field: f }) => (
        <Select
          label={label}
          withAsterisk
          searchable
          data={data}
          value={f.value || null}
          onChange={(v) => f.onChange(v ?? '')}
          onBlur={f.onBlur}
          error={errors[field]?.message}
          placeholder="Choose"
          nothingFoundMessage="No match"
        />
      )}
    />
  );

  return (
    <Stack>
      <PageHeader
        title="Onboard a school"
        description={
          <>
            Fields marked * are required.{' '}
            <Anchor component={Link} to="/school">
              Back to schools
            </Anchor>
          </>
        }
      />
      <form onSubmit={submit} noValidate aria-label="Onboard a school">
        <Stack gap="lg" maw={880}>
          <ApiErrorAlert error={onboard.error} isShownInline={(f) => formFieldOf(f) !== null} />
          <Fieldset legend="School" bg="white">
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label="Name"
                  withAsterisk
                  data-autofocus
                  autoComplete="off"
                  error={errors.name?.message}
                  {...form.register('name', { validate: requiredText })}
                />
                <TextInput
                  label="Slug"
                  description="The school's short name in links. Left empty, it is made from the name."
                  placeholder={derivedSlug || 'state-university'}
                  autoComplete="off"
                  error={errors.slug?.message}
                  {...form.register('slug', { validate: validateSlug })}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                {select('division', 'Division', DIVISION_OPTIONS)}
                {select('state', 'State', STATE_OPTIONS)}
                {select('timeZone', 'Time zone', zones)}
              </SimpleGrid>
              <Controller
                control={form.control}
                name="plan"
                render={({ field }) => (
                  <Radio.Group
                    label="Product plan"
                    description="A school can be upgraded to Connect later; an upgrade cannot be undone."
                    withAsterisk
                    value={field.value}
                    onChange={(v) => field.onChange(v as Plan)}
                  >
                    <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
                      {PLANS.map((plan) => (
                        <Radio.Card key={plan} value={plan} p="md" radius="md">
                          <Group wrap="nowrap" align="flex-start">
                            <Radio.Indicator />
                            <div>
                              <Text fw={700}>{PLAN_LABELS[plan]}</Text>
                              <Text size="sm" c="dimmed">
                                {PLAN_DESCRIPTIONS[plan]}
                              </Text>
                            </div>
                          </Group>
                        </Radio.Card>
                      ))}
                    </SimpleGrid>
                  </Radio.Group>
                )}
              />
            </Stack>
          </Fieldset>
          <Fieldset legend="First school admin" bg="white">
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                They receive an e-mail invitation to create a password, then invite the rest of the school.
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label="First name"
                  withAsterisk
                  autoComplete="off"
                  error={errors.adminFirstName?.message}
                  {...form.register('adminFirstName', { validate: requiredText })}
                />
                <TextInput
                  label="Last name"
                  withAsterisk
                  autoComplete="off"
                  error={errors.adminLastName?.message}
                  {...form.register('adminLastName', { validate: requiredText })}
                />
              </SimpleGrid>
              <TextInput
                label="Email"
                type="email"
                withAsterisk
                autoComplete="off"
                error={errors.adminEmail?.message}
                {...form.register('adminEmail', { validate: validateEmail })}
              />
              <Controller
                control={form.control}
                name="adminCompliance"
                render={({ field }) => (
                  <Switch
                    label="Compliance permission"
                    description="Can see the security audit log and the compliance screens."
                    checked={field.value}
                    onChange={(e) => field.onChange(e.currentTarget.checked)}
                    onBlur={field.onBlur}
                  />
                )}
              />
            </Stack>
          </Fieldset>
          <Group justify="flex-end">
            <Button variant="default" component={Link} to="/school">
              Cancel
            </Button>
            <Button type="submit" loading={onboard.isPending}>
              Onboard and send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
