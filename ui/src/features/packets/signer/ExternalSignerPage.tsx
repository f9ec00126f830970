import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import type { FormVersion } from '../../../../../form-engine';
import { isApiError } from '../../../shared/api';
import { ApiErrorAlert } from '../../../shared/ApiErrorAlert';
import { FormRenderer } from '../../../shared/form-renderer/FormRenderer';
import { SignaturePadCanvas } from '../../../shared/form-renderer/SignaturePadCanvas';
import { LoadingState } from '../../../shared/states';
import { usePageTitle } from '../../../shared/use-page-title';
import { todayIso } from '../packet-forms';
import { useSignerConsent, useSignerSubmit, useSignerView, type SignerViewDto } from '../packets.api';
import { formForStep } from '../submissions/step-forms';

/**
 * /spry-sign/submit/:customUrl: an external signer's e-mailed link. Their details and the ESIGN consent first, then
 * the questions of their step (if any), then an explicit signature and submit. A dead link or a voided packet shows
 * the catalogue's message and nothing else.
 */
export function ExternalSignerPage() {
  usePageTitle('External signer');
  const { customUrl = '' } = useParams();
  const view = useSignerView(customUrl);
  const [done, setDone] = useState(false);
  if (view.isLoading) return <LoadingState label="Opening the packet" />;
  if (view.error) {
    const voided = isApiError(view.error) && view.error.code === 'PACKET_VOIDED';
    return (
      <Alert
        color={voided ? 'gray' : 'red'}
        variant="light"
        title={voided ? 'Packet voided' : 'Link not valid'}
        role="alert"
        data-testid="signer-dead-link"
      >
        {view.error instanceof Error ? view.error.message : 'This link is no longer valid.'}
      </Alert>
    );
  }
  const v = view.data!;
  if (done)
    return (
      <Alert color="green" variant="light" title="Signed and submitted" role="status">
        Thank you, {v.signerName}. Your signature on “{v.packetName}” has been recorded; the sender is notified.
      </Alert>
    );
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1} size="h3">
          {v.packetName}
        </Title>
        <Text size="sm" c="dimmed">
          {v.stepName} · for {v.signerName}
        </Text>
      </Stack>
      {v.consent.acceptedAt ? (
        <SignStep token={customUrl} view={v} onDone={() => setDone(true)} />
      ) : (
        <ConsentStep token={customUrl} view={v} />
      )}
    </Stack>
  );
}

function ConsentStep({ token, view }: { token: string; view: SignerViewDto }) {
  const consent = useSignerConsent(token);
  const [first, ...rest] = view.signerName.split(' ');
  const [firstName, setFirstName] = useState(first ?? '');
  const [lastName, setLastName] = useState(rest.join(' '));
  const [email, setEmail] = useState('');
  const [agree, setAgree] = useState(false);
  const missing = !email.trim() || !firstName.trim() || !lastName.trim();
  return (
    <Card withBorder>
      <Stack>
        <Text fw={600}>Your details</Text>
        <TextInput
          label="E-mail"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          description="The address this link was sent to"
        />
        <Group grow>
          <TextInput
            label="First name"
            required
            value={firstName}
            onChange={(e) => setFirstName(e.currentTarget.value)}
          />
          <TextInput label="Last name" required value={lastName} onChange={(e) => setLastName(e.currentTarget.value)} />
        </Group>
        <Paper withBorder p="sm" bg="gray.0">
          <Text size="sm" fw={600}>
            Consent to sign electronically (version {view.consent.version})
          </Text>
          <Text size="sm" mt={4}>
            {view.consent.text}
          </Text>
        </Paper>
        <Checkbox
          label="I agree to do business electronically and to sign this packet electronically"
          checked={agree}
          onChange={(e) => setAgree(e.currentTarget.checked)}
        />
        {missing && consent.isError === false && (
          <Text size="xs" c="dimmed">
            Fill external signer details.
          </Text>
        )}
        {consent.error && <ApiErrorAlert error={consent.error} />}
        <Group justify="flex-end">
          <Button
            disabled={!agree || missing}
            loading={consent.isPending}
            onClick={() => consent.mutate({ consentVersion: view.consent.version, email, firstName, lastName })}
          >
            I agree, continue
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function SignStep({ token, view, onDone }: { token: string; view: SignerViewDto; onDone: () => void }) {
  const submit = useSignerSubmit(token);
  const parts = useMemo(
    () =>
      view.forms.flatMap((f) => {
        const version = formForStep(f.formId, f.definition as unknown as FormVersion, view.questionIds);
        return version ? [{ formId: f.formId, name: f.name, version }] : [];
      }),
    [view.forms, view.questionIds],
  );
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<string, Record<string, unknown>>>({});
  const [mode, setMode] = useState<'drawn' | 'typed'>('typed');
  const [typed, setTyped] = useState('');
  const [drawn, setDrawn] = useState<string | null>(null);
  const filling = index < parts.length;
  const signature = mode === 'typed' ? typed.trim() : drawn;
  return (
    <Stack>
      {filling ? (
        <FormRenderer
          key={parts[index]!.formId}
          version={parts[index]!.version}
          today={todayIso()}
          submitLabel="Continue"
          onSubmit={(formAnswers) => {
            setAnswers({ ...answers, [parts[index]!.formId]: formAnswers });
            setIndex(index + 1);
          }}
        />
      ) : (
        <Card withBorder>
          <Stack>
            <Text fw={600}>Sign</Text>
            <SegmentedControl
              aria-label="How to sign"
              value={mode}
              onChange={(v) => setMode(v as 'drawn' | 'typed')}
              data={[
                { value: 'typed', label: 'Type my name' },
                { value: 'drawn', label: 'Draw' },
              ]}
            />
            {mode === 'typed' ? (
              <TextInput label="Type your full name" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} />
            ) : (
              <SignaturePadCanvas id="external-signature" image={drawn} disabled={false} onDraw={setDrawn} />
            )}
            {submit.error && <ApiErrorAlert error={submit.error} />}
            <Group justify="flex-end">
              <Button
                disabled={!signature}
                loading={submit.isPending}
                onClick={() =>
                  signature &&
                  submit.mutate(
                    { signature, ...(Object.keys(answers).length ? { answers } : {}) },
                    { onSuccess: onDone },
                  )
                }
              >
                Sign and submit
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
