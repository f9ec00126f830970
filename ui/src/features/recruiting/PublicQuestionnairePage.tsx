import { Alert, Card, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '../../shared/api';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { FormRenderer } from '../../shared/form-renderer/FormRenderer';
import { SuccessMessage } from '../../shared/SuccessMessage';
import { LoadingState } from '../../shared/states';
import { usePageTitle } from '../../shared/use-page-title';
import {
  solveBotCheck,
  submitPublicQuestionnaire,
  usePublicQuestionnaire,
  type PublicQuestionnaire,
} from './questionnaires.api';

/**
 * /paperwork/:universityname/:customurl: a school's public recruiting questionnaire. The prospect's details first
 * (matched by e-mail to their prospect record), then the school's form in the shared renderer. On submit the browser
 * solves a proof-of-work challenge (no outside service), then sends the answers and files; the school's
 * confirmation message replaces the form. A bad or deactivated link shows the catalogue's message only.
 */
export function PublicQuestionnairePage() {
  const { universityname = '', customurl = '' } = useParams();
  const page = usePublicQuestionnaire(universityname, customurl);
  usePageTitle(page.data?.name ?? 'Questionnaire');
  if (page.isLoading) return <LoadingState label="Opening the questionnaire" />;
  if (page.error || !page.data) {
    return (
      <Alert color="red" variant="light" title="Link not valid" role="alert" data-testid="questionnaire-dead-link">
        {isApiError(page.error) ? page.error.message : 'Invalid or deactivated questionnaire link.'}
      </Alert>
    );
  }
  return <QuestionnaireFill school={universityname} customUrl={customurl} q={page.data} />;
}

function QuestionnaireFill({ school, customUrl, q }: { school: string; customUrl: string; q: PublicQuestionnaire }) {
  const [contact, setContact] = useState<Record<string, string>>({});
  const [contactErrors, setContactErrors] = useState<Record<string, string>>({});
  const [phase, setPhase] = useState<'fill' | 'checking' | 'sending'>('fill');
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const contactNames = new Set<string>(q.contactFields.map((f) => f.name));
  const elementIds = new Set(q.form.elements.map((e) => e.id));

  if (done) {
    return (
      <Stack gap="md" maw={760} w="100%" mx="auto">
        <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {q.name}
        </Title>
        <SuccessMessage title="Thank you" data-testid="questionnaire-confirmation">
          {done}
        </SuccessMessage>
      </Stack>
    );
  }

  const submit = async (answers: Record<string, unknown>) => {
    const missing = Object.fromEntries(
      q.contactFields
        .filter((f) => f.required && !contact[f.name]?.trim())
        .map((f) => [f.name, `${f.label} is required.`]),
    );
    setContactErrors(missing);
    setError(null);
    if (Object.keys(missing).length > 0) return;
    try {
      setPhase('checking');
      const altcha = await solveBotCheck(school, customUrl);
      setPhase('sending');
      const result = await submitPublicQuestionnaire(school, customUrl, q.form, { contact, answers, altcha });
      setDone(result.confirmationMessage);
      window.scrollTo({ top: 0 });
    } catch (err) {
      if (isApiError(err)) {
        setContactErrors(
          Object.fromEntries(
            err.details.filter((d) => d.field && contactNames.has(d.field)).map((d) => [d.field!, d.message]),
          ),
        );
      }
      setError(err);
    } finally {
      setPhase('fill');
    }
  };

  const serverErrors = isApiError(error)
    ? error.details
        .filter((d) => d.field && elementIds.has(d.field))
        .map((d) => ({ elementId: d.field!, message: d.message }))
    : [];

  return (
    <Stack gap="md" maw={760} w="100%" mx="auto">
      <Stack gap={2}>
        <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {q.name}
        </Title>
        <Text size="sm" c="dimmed">
          {q.schoolName} · recruiting questionnaire
        </Text>
      </Stack>
      <Card withBorder padding="md" component="section" aria-labelledby="about-you">
        <Title order={2} size="h5" id="about-you" mb="sm">
          About you
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {q.contactFields.map((f) => (
            <TextInput
              key={f.name}
              label={f.label}
              type={f.type === 'email' ? 'email' : f.type === 'tel' ? 'tel' : 'text'}
              inputMode={f.name === 'graduationYear' ? 'numeric' : undefined}
              autoComplete={AUTOCOMPLETE[f.name]}
              required={f.required}
              value={contact[f.name] ?? ''}
              error={contactErrors[f.name]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setContact((c) => ({ ...c, [f.name]: value }));
              }}
            />
          ))}
        </SimpleGrid>
      </Card>
      <Card withBorder padding="md" component="section" aria-label="Questions">
        <FormRenderer
          version={q.form}
          today={q.today}
          onSubmit={submit}
          submitLabel={
            phase === 'checking' ? 'Checking you are not a robot…' : phase === 'sending' ? 'Sending…' : 'Submit'
          }
          serverErrors={serverErrors}
        />
      </Card>
      <Text size="xs" c="dimmed" aria-live="polite" data-testid="questionnaire-bot-status">
        {phase === 'checking'
          ? 'Your browser is solving a short puzzle to show you are not a robot.'
          : 'Submitting runs a short puzzle in your browser to keep robots out; nothing is sent to another service.'}
      </Text>
      <ApiErrorAlert error={error} isShownInline={(field) => contactNames.has(field) || elementIds.has(field)} />
    </Stack>
  );
}

const AUTOCOMPLETE: Record<string, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  mobileNumber: 'tel',
  highSchoolName: 'organization',
};
