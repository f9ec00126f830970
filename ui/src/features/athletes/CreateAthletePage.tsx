import { Anchor, Button, Checkbox, Fieldset, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { fieldErrors } from '../../shared/api';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { PageHeader } from '../../shared/PageHeader';
import { useCreateAthlete, useTeamOptions, type CreateAthleteMutation } from './athletes.api';
import { ATHLETE_FORM, toAthleteBody, validatePersonField, type PersonField } from './person-form';

type FormValues = Record<string, string> & { invite?: unknown };

const ALL_FIELDS = ATHLETE_FORM.flatMap((s) => s.fields);
const EMPTY: Record<string, string> = Object.fromEntries(ALL_FIELDS.map((f) => [f.key, '']));

/** /createStudentAthlete: an admin adds one student-athlete to their school. */
export function CreateAthletePage() {
  return <AthleteCreateForm create={useCreateAthlete()} teams={useTeamOptions()} backTo="/studentAthletes" />;
}

/**
 * The single add form (spec fields and checks, person-form.ts) for whichever school `create` posts to: the admin's
 * own, or the one a platform operator addresses (/school/athletes/:schoolId/addStudent).
 */
export function AthleteCreateForm({
  create,
  teams,
  backTo,
  backLabel = 'Back to student-athletes',
  title = 'Add student-athlete',
}: {
  create: CreateAthleteMutation;
  teams: { data?: { value: string; label: string }[]; isPending: boolean };
  backTo: string;
  backLabel?: string;
  title?: string;
}) {
  const navigate = useNavigate();
  const form = useForm<Record<string, string>>({ defaultValues: EMPTY, mode: 'onTouched' });
  const inviteForm = useForm<{ invite: boolean }>({ defaultValues: { invite: true } });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values: FormValues) => {
    const invite = inviteForm.getValues('invite');
    create.mutate(
      { ...toAthleteBody(values), invite },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            message: invite ? 'Student-athlete added and invitation sent.' : 'Student-athlete added.',
          });
          void navigate(backTo);
        },
        onError: (error) => {
          for (const [field, message] of Object.entries(fieldErrors(error))) {
            if (field in EMPTY) form.setError(field, { message });
          }
        },
      },
    );
  });

  const renderField = (field: PersonField) => {
    const error = errors[field.key]?.message;
    const rules = { validate: (v: string) => validatePersonField(field, v ?? '') };
    if (field.kind === 'select' || field.kind === 'team') {
      const data = field.kind === 'team' ? (teams.data ?? []) : (field.options ?? []);
      return (
        <Controller
          key={field.key}
          control={form.control}
          name={field.key}
          rules={rules}
          render={({ field: f }) => (
            <Select
              label={field.label}
              withAsterisk={field.required}
              clearable
              data={data}
              value={f.value || null}
              onChange={(v) => f.onChange(v ?? '')}
              onBlur={f.onBlur}
              error={error}
              placeholder={field.kind === 'team' && teams.isPending ? 'Loading teams…' : 'Choose'}
            />
          )}
        />
      );
    }
    const type = field.kind === 'year' ? 'text' : field.kind;
    return (
      <TextInput
        key={field.key}
        label={field.label}
        type={type}
        inputMode={field.kind === 'year' ? 'numeric' : undefined}
        placeholder={field.placeholder}
        withAsterisk={field.required}
        // The admin types someone else's details; the browser's own autofill would suggest the admin's.
        autoComplete="off"
        error={error}
        {...form.register(field.key, rules)}
      />
    );
  };

  return (
    <Stack>
      <PageHeader
        title={title}
        description={
          <>
            Fields marked * are required.{' '}
            <Anchor component={Link} to={backTo}>
              {backLabel}
            </Anchor>
          </>
        }
      />
      <form onSubmit={submit} noValidate aria-label="Add student-athlete">
        <Stack gap="lg" maw={960}>
          <ApiErrorAlert error={create.error} isShownInline={(f) => f in EMPTY} />
          {ATHLETE_FORM.map((section) => (
            <Fieldset key={section.title} legend={section.title} bg="white">
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
                {section.fields.map(renderField)}
              </SimpleGrid>
            </Fieldset>
          ))}
          <Fieldset legend="Invitation" bg="white">
            <Checkbox
              label="Send an invitation e-mail now"
              description="The student-athlete gets a link to create a password. You can also invite later."
              {...inviteForm.register('invite')}
            />
          </Fieldset>
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={backTo}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add student-athlete
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
