import { ActionIcon, Button, Checkbox, Fieldset, Group, NumberInput, Select, SimpleGrid, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { ERRORS } from '../../../../domain/errors';
import { fieldErrors } from '../../shared/api';
import { humanize } from '../../shared/format';
import { CrossIcon, PlusIcon } from '../../shared/icons';
import { TERM_NAMES, type TermName } from '../../../../domain/academic-years';
import { useSaveAcademicYear, type AcademicYear, type AcademicYearInput } from './academic-years.api';
import { FormDateField } from '../../shared/DateField';
import { DialogModal } from '../../shared/DialogModal';

interface TermRow {
  term: TermName;
  startDate: string;
  finalsStartDate: string;
  endDate: string;
}

interface FormValues {
  startYear: number;
  isCurrent: boolean;
  terms: TermRow[];
}

/** API field errors that have an input of their own in this form. */
const INLINE_FIELD = /^(startYear|terms\.\d+\.(startDate|finalsStartDate|endDate))$/;

function defaultTerms(startYear: number): TermRow[] {
  return [
    {
      term: 'FALL',
      startDate: `${startYear}-08-24`,
      finalsStartDate: `${startYear}-12-07`,
      endDate: `${startYear}-12-15`,
    },
    {
      term: 'SPRING',
      startDate: `${startYear + 1}-01-12`,
      finalsStartDate: `${startYear + 1}-05-04`,
      endDate: `${startYear + 1}-05-14`,
    },
    { term: 'SUMMER', startDate: `${startYear + 1}-06-01`, finalsStartDate: '', endDate: `${startYear + 1}-08-07` },
  ];
}

function toFormValues(year: AcademicYear | null): FormValues {
  if (!year) {
    const startYear = new Date().getFullYear();
    return { startYear, isCurrent: false, terms: defaultTerms(startYear) };
  }
  return {
    startYear: year.startYear,
    isCurrent: year.isCurrent,
    terms: year.terms.map((t) => ({
      term: t.term,
      startDate: t.startDate,
      finalsStartDate: t.finalsStartDate ?? '',
      endDate: t.endDate,
    })),
  };
}

function toInput(values: FormValues): AcademicYearInput {
  return {
    startYear: values.startYear,
    endYear: values.startYear + 1,
    isCurrent: values.isCurrent,
    terms: values.terms.map((t) => ({
      term: t.term,
      startDate: t.startDate,
      finalsStartDate: t.finalsStartDate || null,
      endDate: t.endDate,
    })),
  };
}

/** Create an academic year with its terms, or edit one. Dates use the browser's own date input. */
export function AcademicYearFormModal({
  opened,
  year,
  onClose,
}: {
  opened: boolean;
  year: AcademicYear | null;
  onClose: () => void;
}) {
  const save = useSaveAcademicYear();
  const form = useForm<FormValues>({ defaultValues: toFormValues(null) });
  const terms = useFieldArray({ control: form.control, name: 'terms' });
  const { errors } = form.formState;
  const startYear = useWatch({ control: form.control, name: 'startYear' });
  const termValues = useWatch({ control: form.control, name: 'terms' });
  const termsEdited = !!form.formState.dirtyFields.terms;

  useEffect(() => {
    if (!opened) return;
    form.reset(toFormValues(year));
    save.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the modal opens
  }, [opened, year]);

  // For a new year, the suggested term dates follow the start year until the user edits a term.
  useEffect(() => {
    if (year || !Number.isInteger(startYear) || termsEdited) return;
    form.setValue('terms', defaultTerms(startYear));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the start year drives the suggestion
  }, [startYear, year]);

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: year?.id ?? null, input: toInput(values) },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: year ? 'Academic year saved.' : 'Academic year created.' });
          onClose();
        },
        onError: (error) => {
          for (const [field, message] of Object.entries(fieldErrors(error))) {
            if (INLINE_FIELD.test(field)) form.setError(field as 'startYear', { message });
          }
        },
      },
    ),
  );

  const usedTerms = new Set(termValues.map((t) => t.term));
  const nextFreeTerm = TERM_NAMES.find((t) => !usedTerms.has(t));

  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title={year ? 'Edit academic year' : 'New academic year'}
      size="xl"
      asForm
      actionLabel={year ? 'Save' : 'Create year'}
      loading={save.isPending}
      onAction={() => void submit()}
      error={save.error}
      isShownInline={(f) => INLINE_FIELD.test(f)}
    >
      <Group align="flex-end">
        <Controller
          control={form.control}
          name="startYear"
          rules={{
            validate: (v) => (Number.isInteger(v) && v >= 2000 && v <= 2100) || 'Enter a year between 2000 and 2100.',
          }}
          render={({ field }) => (
            <NumberInput
              label="Starts in"
              withAsterisk
              min={2000}
              max={2100}
              allowDecimal={false}
              value={field.value}
              disabled={!!year}
              onChange={(v) => field.onChange(typeof v === 'number' ? v : Number(v))}
              onBlur={field.onBlur}
              error={errors.startYear?.message}
              w={140}
            />
          )}
        />
        <Text pb={8}>to {Number.isFinite(startYear) ? startYear + 1 : '—'}</Text>
        <Checkbox label="This is the current academic year" {...form.register('isCurrent')} mb={8} />
      </Group>
      {terms.fields.map((row, index) => (
        <Fieldset key={row.id} legend={`Term ${index + 1}`} variant="filled">
          <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm">
            <Controller
              control={form.control}
              name={`terms.${index}.term`}
              render={({ field }) => (
                <Select
                  label="Term"
                  allowDeselect={false}
                  data={TERM_NAMES.map((t) => ({ value: t, label: humanize(t) }))}
                  value={field.value}
                  onChange={(v) => field.onChange(v)}
                />
              )}
            />
            <FormDateField
              control={form.control}
              name={`terms.${index}.startDate`}
              label="Start"
              withAsterisk
              error={errors.terms?.[index]?.startDate?.message}
              rules={{ required: ERRORS.MANDATORY_FIELD.message }}
            />
            <FormDateField
              control={form.control}
              name={`terms.${index}.finalsStartDate`}
              label="Finals start"
              error={errors.terms?.[index]?.finalsStartDate?.message}
            />
            <FormDateField
              control={form.control}
              name={`terms.${index}.endDate`}
              label="End"
              withAsterisk
              error={errors.terms?.[index]?.endDate?.message}
              rules={{
                required: ERRORS.MANDATORY_FIELD.message,
                validate: (end, values) => {
                  const start = values.terms[index]?.startDate;
                  return !start || end >= start || 'The term must end after it starts.';
                },
              }}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="xs">
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => terms.remove(index)}
              aria-label={`Remove term ${index + 1}`}
            >
              <CrossIcon size={16} />
            </ActionIcon>
          </Group>
        </Fieldset>
      ))}
      {terms.fields.length === 0 && (
        <Text c="dimmed" size="sm">
          {ERRORS.ACADEMIC_TERM_NOT_CONFIGURED.message}
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          leftSection={<PlusIcon size={16} />}
          disabled={!nextFreeTerm}
          onClick={() =>
            nextFreeTerm && terms.append({ term: nextFreeTerm, startDate: '', finalsStartDate: '', endDate: '' })
          }
        >
          Add term
        </Button>
      </Group>
    </DialogModal>
  );
}
