import {
  Alert,
  Anchor,
  Autocomplete,
  Button,
  Card,
  Group,
  MultiSelect,
  NumberInput,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  VisuallyHidden,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DateField } from '../../shared/DateField';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  CHANGE_REASON_LABELS,
  CHANGE_REASONS,
  DISCLOSURE_LIMITS,
  DISCLOSURE_TYPE_LABELS,
  DISCLOSURE_TYPES,
  wordCount,
} from '../../../../domain/disclosures';
import { errorMessage, fieldErrors, isApiError } from '../../shared/api';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState } from '../../shared/states';
import {
  EMPTY_FORM,
  FIELD_STEP,
  formFieldOf,
  fromDetail,
  toBody,
  validateForm,
  type DisclosureFormValues,
  type FormErrors,
} from './disclosure-form';
import { AttachmentUploader } from './DisclosureAttachments';
import {
  useConflictFlags,
  useDisclosure,
  useParticipantOptions,
  useSaveDisclosure,
  useSubmitDisclosure,
  type DisclosureAttachment,
} from './disclosures.api';
import { useMe } from '../../shared/session';
import { formatMoney, totalPaymentOf, typeLabel } from './disclosure-labels';
import { firstInvalidField } from '../../shared/keyboard';
import { errorAnnouncement, stepAnnouncement, WIZARD_STEPS } from './wizard-announcements';

const STEPS = WIZARD_STEPS;

/** The athlete's multi-step disclosure form: new (?type=) or an existing draft or change request (?id=). */
export function CreateDisclosurePage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const existing = useDisclosure(id);
  if (id && existing.isPending) return <LoadingState label="Loading the disclosure" />;
  if (id && existing.error) return <ErrorState error={existing.error} onRetry={() => void existing.refetch()} />;
  const detail = existing.data ?? null;
  const initial = detail ? fromDetail(detail) : { ...EMPTY_FORM, type: params.get('type') ?? EMPTY_FORM.type };
  return (
    <DisclosureForm
      key={detail?.id ?? 'new'}
      id={detail?.id ?? null}
      initial={initial}
      initialAttachments={detail?.attachments ?? []}
      status={detail?.status ?? 'DRAFT'}
    />
  );
}

function DisclosureForm({
  id,
  initial,
  initialAttachments,
  status,
}: {
  id: string | null;
  initial: DisclosureFormValues;
  initialAttachments: DisclosureAttachment[];
  status: string;
}) {
  const navigate = useNavigate();
  const me = useMe();
  const [values, setValues] = useState<DisclosureFormValues>(initial);
  const [attachments, setAttachments] = useState<DisclosureAttachment[]>(initialAttachments);
  const athletes = useParticipantOptions();
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<FormErrors>({});
  const [changeReason, setChangeReason] = useState<string | null>(null);
  const [savedId, setSavedId] = useState<string | null>(id);
  const save = useSaveDisclosure();
  const submit = useSubmitDisclosure();
  const flags = useConflictFlags();
  const resubmitting = status === 'CHANGE_REQUESTED';
  const editable = status === 'DRAFT' || status === 'CHANGE_REQUESTED';

  const set = <K extends keyof DisclosureFormValues>(key: K, value: DisclosureFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const err = (key: keyof DisclosureFormValues) => errors[key];

  useEffect(() => {
    if (!editable) void navigate(`/disclosuredetail?id=${id}`, { replace: true });
  }, [editable, id, navigate]);

  // Keyboard (issue 19): step changes and errors are announced in a live region, and an error moves focus to the
  // first field in error (on the step that holds it).
  const cardRef = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const [errorFocus, setErrorFocus] = useState(0);
  const showErrors = (found: FormErrors) => {
    setErrors(found);
    const first = Object.keys(found).find((k) => found[k as keyof DisclosureFormValues]) as
      keyof DisclosureFormValues | undefined;
    if (first) setStep(FIELD_STEP[first]);
    setErrorFocus((n) => n + 1);
  };
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    setAnnouncement(stepAnnouncement(step));
  }, [step]);
  useEffect(() => {
    if (errorFocus === 0) return;
    const frame = requestAnimationFrame(() => {
      const field = cardRef.current && firstInvalidField(cardRef.current);
      field?.focus();
      setAnnouncement(
        errorAnnouncement(
          step,
          Object.values(errors).filter((m): m is string => !!m),
        ),
      );
    });
    return () => cancelAnimationFrame(frame);
    // Only a new error report moves focus; typing (which clears errors) must not.
  }, [errorFocus]); // eslint-disable-line react-hooks/exhaustive-deps

  const stepErrors = (all: FormErrors, s: number) =>
    Object.entries(all).filter(([k, m]) => m && FIELD_STEP[k as keyof DisclosureFormValues] === s);

  const next = () => {
    const found = stepErrors(validateForm(values, false), step);
    if (found.length > 0) {
      showErrors(Object.fromEntries(found));
      return;
    }
    setStep((s) => Math.min(s + 1, STEPS.length - 1));
  };

  const showApiErrors = (error: unknown) => {
    const byField = fieldErrors(error);
    const mapped: FormErrors = {};
    for (const [field, message] of Object.entries(byField)) {
      const key = formFieldOf(field);
      if (key) mapped[key] = message;
    }
    showErrors(mapped);
  };

  const persist = async (): Promise<string | null> => {
    const local = validateForm(values, false);
    if (Object.values(local).some(Boolean)) {
      showErrors(local);
      return null;
    }
    try {
      const detail = await save.mutateAsync({ id: savedId, fields: toBody(values) });
      setSavedId(detail.id);
      return detail.id;
    } catch (error) {
      showApiErrors(error);
      notifications.show({ color: 'red', title: 'Could not save the disclosure', message: errorMessage(error) });
      return null;
    }
  };

  const saveDraft = async () => {
    const saved = await persist();
    if (saved) notifications.show({ color: 'teal', message: 'Draft saved.' });
  };

  const sendForReview = async () => {
    const local = validateForm(values, true);
    if (Object.values(local).some(Boolean)) {
      showErrors(local);
      return;
    }
    if (resubmitting && !changeReason) return;
    const saved = await persist();
    if (!saved) return;
    try {
      await submit.mutateAsync({ id: saved, ...(changeReason ? { changeReason } : {}) });
      notifications.show({
        color: 'teal',
        message: resubmitting ? 'Disclosure resubmitted for review.' : 'Disclosure submitted for review.',
      });
      void navigate(`/disclosuredetail?id=${saved}`);
    } catch (error) {
      if (isApiError(error)) showApiErrors(error);
      notifications.show({ color: 'red', title: 'Could not submit the disclosure', message: errorMessage(error) });
    }
  };

  const participantOptions = useMemo(
    () =>
      (athletes.data ?? [])
        .filter((a) => a.id !== me.id)
        .map((a) => ({ value: a.id, label: a.team ? `${a.name} (${a.team})` : a.name })),
    [athletes.data, me.id],
  );
  const participantName = (pid: string) => participantOptions.find((o) => o.value === pid)?.label ?? pid;
  const categories = useMemo(() => flags.data?.stateCategories ?? [], [flags.data]);
  const notesWords = wordCount(values.notes);
  const busy = save.isPending || submit.isPending;

  return (
    <Stack>
      <PageHeader
        title={resubmitting ? 'Resubmit disclosure' : id ? 'Edit disclosure' : 'New disclosure'}
        description="Tell compliance about an outside opportunity before you take part in it."
        actions={
          <Button variant="default" component={Link} to="/studentDisclosureList">
            Back to my disclosures
          </Button>
        }
      />
      <Card withBorder padding="lg" ref={cardRef}>
        <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="wizard-announcer">
          {announcement}
        </VisuallyHidden>
        <Stepper active={step} onStepClick={setStep} size="sm" aria-label="Disclosure steps">
          <Stepper.Step label="Deal" description="Type and company">
            <Stack mt="md">
              <Select
                label="Disclosure type"
                required
                data={DISCLOSURE_TYPES.map((t) => ({ value: t, label: DISCLOSURE_TYPE_LABELS[t] }))}
                value={values.type}
                onChange={(v) => v && set('type', v)}
                allowDeselect={false}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="deal-type-label">
                  Deal type
                </Text>
                <SegmentedControl
                  aria-labelledby="deal-type-label"
                  data={[
                    { value: 'INDIVIDUAL', label: 'Individual' },
                    { value: 'GROUP', label: 'Group' },
                    { value: 'TEAM', label: 'Team' },
                  ]}
                  value={values.dealType}
                  onChange={(v) => set('dealType', v as DisclosureFormValues['dealType'])}
                />
              </Stack>
              <TextInput
                label="Title"
                description="A short name for this deal"
                value={values.title}
                onChange={(e) => set('title', e.currentTarget.value)}
              />
              <TextInput
                label="Company"
                required
                value={values.companyName}
                onChange={(e) => set('companyName', e.currentTarget.value)}
                error={err('companyName')}
              />
              <Autocomplete
                label="Company category"
                description="The company's industry, e.g. restaurant, apparel, gambling"
                data={categories}
                value={values.industry}
                onChange={(v) => set('industry', v)}
              />
              <TextInput
                label="Payor (if not the company)"
                description="A booster, collective or person who pays you"
                value={values.payorName}
                onChange={(e) => set('payorName', e.currentTarget.value)}
              />
            </Stack>
          </Stepper.Step>
          <Stepper.Step label="Dates and place" description="When and where">
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
              <DateField
                label="Start date"
                required
                value={values.startDate}
                onChange={(v) => set('startDate', v || null)}
                error={err('startDate')}
                clearable
              />
              <DateField
                label="End date"
                required
                value={values.endDate}
                onChange={(v) => set('endDate', v || null)}
                error={err('endDate')}
                clearable
              />
              <DateField
                label="Date signed"
                description="Deals of $600 or more are reported within 5 business days of signing."
                value={values.signedOn}
                onChange={(v) => set('signedOn', v || null)}
                clearable
              />
              <TextInput
                label="Location"
                required
                value={values.location}
                onChange={(e) => set('location', e.currentTarget.value)}
                error={err('location')}
              />
              <TextInput
                label="Link"
                description="The company's or the campaign's web page (http or https)"
                value={values.website}
                onChange={(e) => set('website', e.currentTarget.value)}
                error={err('website')}
              />
            </SimpleGrid>
          </Stepper.Step>
          <Stepper.Step label="Payment" description="Amounts">
            <Stack mt="md">
              <Radio.Group
                label="Payment type"
                required
                value={values.paymentType}
                onChange={(v) => set('paymentType', v as DisclosureFormValues['paymentType'])}
                error={err('paymentType')}
              >
                <Group mt="xs">
                  <Radio value="MONETARY" label="Monetary" />
                  <Radio value="IN_KIND" label="In kind (products or services)" />
                </Group>
              </Radio.Group>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <NumberInput
                  label="Earning amount"
                  required={values.paymentType === 'MONETARY'}
                  prefix="$"
                  thousandSeparator=","
                  decimalScale={2}
                  allowNegative={false}
                  value={values.amount}
                  onChange={(v) => set('amount', v === '' ? '' : Number(v))}
                  error={err('amount')}
                />
                <NumberInput
                  label="Estimated amount"
                  description="Value of in-kind pay"
                  required={values.paymentType === 'IN_KIND'}
                  prefix="$"
                  thousandSeparator=","
                  decimalScale={2}
                  allowNegative={false}
                  value={values.estimatedAmount}
                  onChange={(v) => set('estimatedAmount', v === '' ? '' : Number(v))}
                  error={err('estimatedAmount')}
                />
                <NumberInput
                  label="Total payment"
                  prefix="$"
                  thousandSeparator=","
                  decimalScale={2}
                  allowNegative={false}
                  value={values.totalPayment}
                  onChange={(v) => set('totalPayment', v === '' ? '' : Number(v))}
                  error={err('totalPayment')}
                />
              </SimpleGrid>
              <Text size="xs" c="dimmed">
                Amounts from $0 to $999,999.
              </Text>
            </Stack>
          </Stepper.Step>
          <Stepper.Step label="People" description="Contacts">
            <Stack mt="md">
              <Text fw={600} size="sm">
                Point of contact
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput
                  label="Contact name"
                  required
                  value={values.contactName}
                  onChange={(e) => set('contactName', e.currentTarget.value)}
                  error={err('contactName')}
                />
                <TextInput
                  label="Contact email"
                  type="email"
                  value={values.contactEmail}
                  onChange={(e) => set('contactEmail', e.currentTarget.value)}
                  error={err('contactEmail')}
                />
                <TextInput
                  label="Contact phone"
                  description="10 digits"
                  inputMode="tel"
                  value={values.contactPhone}
                  onChange={(e) => set('contactPhone', e.currentTarget.value)}
                  error={err('contactPhone')}
                />
              </SimpleGrid>
              <Text fw={600} size="sm">
                Agent (optional)
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput
                  label="Agent name"
                  value={values.agentName}
                  onChange={(e) => set('agentName', e.currentTarget.value)}
                />
                <TextInput
                  label="Agent email"
                  type="email"
                  value={values.agentEmail}
                  onChange={(e) => set('agentEmail', e.currentTarget.value)}
                  error={err('agentEmail')}
                />
                <TextInput
                  label="Agent phone"
                  description="10 digits"
                  inputMode="tel"
                  value={values.agentPhone}
                  onChange={(e) => set('agentPhone', e.currentTarget.value)}
                  error={err('agentPhone')}
                />
              </SimpleGrid>
              <TextInput
                label="Agent registry number"
                description="From Agents and boosters, e.g. AG-10001"
                value={values.agentNumber}
                onChange={(e) => set('agentNumber', e.currentTarget.value)}
                error={err('agentNumber')}
                maw={320}
              />
              {values.dealType !== 'INDIVIDUAL' && (
                <MultiSelect
                  label="Participants"
                  description="The other student-athletes of your school in this group or team deal (you are included)"
                  required
                  searchable
                  data={participantOptions}
                  value={values.participants}
                  onChange={(v) => set('participants', v)}
                  error={err('participants') ?? (athletes.error ? errorMessage(athletes.error) : undefined)}
                  maxValues={DISCLOSURE_LIMITS.maxParticipants}
                  nothingFoundMessage="No athlete of your school has this name"
                />
              )}
            </Stack>
          </Stepper.Step>
          <Stepper.Step label="Notes and files" description="Details">
            <Stack mt="md">
              <Textarea
                label="Notes"
                description={`${notesWords} of ${DISCLOSURE_LIMITS.notesMaxWords} words`}
                autosize
                minRows={4}
                value={values.notes}
                onChange={(e) => set('notes', e.currentTarget.value)}
                error={err('notes')}
              />
              <AttachmentUploader
                disclosureId={savedId}
                attachments={attachments}
                ensureSaved={persist}
                onChange={setAttachments}
              />
            </Stack>
          </Stepper.Step>
          <Stepper.Step label="Review" description="Save or submit">
            <Stack mt="md">
              <ReviewSummary
                values={values}
                attachments={attachments}
                participants={values.participants.map(participantName)}
              />
              {resubmitting && (
                <Select
                  label="Change reason"
                  required
                  data={CHANGE_REASONS.map((r) => ({ value: r, label: CHANGE_REASON_LABELS[r] }))}
                  value={changeReason}
                  onChange={setChangeReason}
                  error={changeReason ? undefined : 'Choose a change reason.'}
                />
              )}
              {Object.values(errors).some(Boolean) && (
                <Alert color="red" title="Some fields need attention">
                  Go back to the highlighted steps to fix them.
                </Alert>
              )}
            </Stack>
          </Stepper.Step>
        </Stepper>
        <Group justify="space-between" mt="xl">
          <Button variant="default" onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0}>
            Back
          </Button>
          <Group>
            <Button
              variant="default"
              onClick={() => void saveDraft()}
              loading={save.isPending && !submit.isPending}
              disabled={busy}
            >
              Save as draft
            </Button>
            {step < STEPS.length - 1 ? (
              <Button onClick={next}>Next</Button>
            ) : (
              <Button onClick={() => void sendForReview()} loading={busy} disabled={resubmitting && !changeReason}>
                {resubmitting ? 'Resubmit' : 'Submit'}
              </Button>
            )}
          </Group>
        </Group>
      </Card>
      {savedId && (
        <Text size="sm" c="dimmed">
          Saved drafts stay in{' '}
          <Anchor component={Link} to="/studentDisclosureList">
            My disclosures
          </Anchor>
          .
        </Text>
      )}
    </Stack>
  );
}

function ReviewSummary({
  values,
  attachments,
  participants,
}: {
  values: DisclosureFormValues;
  attachments: DisclosureAttachment[];
  participants: string[];
}) {
  const amount = (v: number | '') => formatMoney(v === '' ? null : v);
  const rows: Array<[string, string]> = [
    ['Title', values.title.trim() || '—'],
    ['Type', typeLabel(values.type)],
    ['Deal type', values.dealType.charAt(0) + values.dealType.slice(1).toLowerCase()],
    ['Company', values.companyName || '—'],
    ['Category', values.industry || '—'],
    ['Dates', `${values.startDate ?? '—'} to ${values.endDate ?? '—'}`],
    ['Location', values.location || '—'],
    ['Payment', values.paymentType === 'IN_KIND' ? 'In kind' : values.paymentType === 'MONETARY' ? 'Monetary' : '—'],
    ['Earning amount', amount(values.amount)],
    ['Estimated amount', amount(values.estimatedAmount)],
    ['Total payment', formatMoney(totalPaymentOf(values))],
    ['Point of contact', values.contactName || '—'],
    ['Participants', participants.join(', ') || '—'],
    ['Attachments', attachments.map((a) => a.name).join(', ') || '—'],
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" aria-label="Summary">
      {rows.map(([k, v]) => (
        <Group key={k} gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed" w={130}>
            {k}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {v}
          </Text>
        </Group>
      ))}
    </SimpleGrid>
  );
}
