import '@fontsource/dancing-script/400.css';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Tabs,
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
import { PdfPages } from '../../../shared/pdf/PdfPages';
import { LoadingState } from '../../../shared/states';
import { usePageTitle } from '../../../shared/use-page-title';
import { formatDateTime } from '../../../shared/format';
import { todayIso } from '../packet-forms';
import {
  fetchSignerPdf,
  useSignerConsent,
  useSignerPdf,
  useSignerSubmit,
  useSignerView,
  type SignerViewDto,
} from '../packets.api';
import { formForStep } from '../submissions/step-forms';
import { SuccessMessage } from '../../../shared/SuccessMessage';

/** The handwriting face of typed signatures, the same one the signed PDF embeds. */
const SIGNATURE_FONT = "'Dancing Script', cursive";

type Phase = 'read' | 'consent' | 'sign';
const PHASES: Record<Phase, { index: number; label: string }> = {
  read: { index: 1, label: 'Read the document' },
  consent: { index: 2, label: 'Agree to sign electronically' },
  sign: { index: 3, label: 'Sign' },
};

/**
 * /spry-sign/submit/:customUrl: an external signer's e-mailed link. The document first (every form as the earlier
 * steps filled it, read-only, and the PDF), then their details and the ESIGN consent, then the questions of their step
 * (if any) and an explicit signature. Once signed, the same link confirms it and gives the signed PDF. A dead link or
 * a voided packet shows the catalogue's message and nothing else.
 */
export function ExternalSignerPage() {
  usePageTitle('External signer');
  const { customUrl = '' } = useParams();
  const view = useSignerView(customUrl);
  if (view.isLoading) return <LoadingState label="Opening the packet" />;
  if (view.error || !view.data) {
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
  const v = view.data;
  return (
    <Stack gap="md" maw={860} w="100%" mx="auto">
      <Stack gap={2}>
        <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {v.packetName}
        </Title>
        <Text size="sm" c="dimmed">
          {v.stepName} · for {v.signerName}
        </Text>
      </Stack>
      {v.signedAt ? <SignedCopy token={customUrl} view={v} /> : <SigningFlow token={customUrl} view={v} />}
    </Stack>
  );
}

function SigningFlow({ token, view }: { token: string; view: SignerViewDto }) {
  const [phase, setPhase] = useState<Phase>('read');
  const { index, label } = PHASES[phase];
  const next = () => {
    setPhase(phase === 'read' ? (view.consent.acceptedAt ? 'sign' : 'consent') : 'sign');
    window.scrollTo({ top: 0 });
  };
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Text size="sm" fw={600} aria-live="polite" data-testid="signer-phase">
          Step {index} of 3: {label}
        </Text>
        <Progress value={(index / 3) * 100} size="sm" aria-hidden />
      </Stack>
      {phase === 'read' && <DocumentStep token={token} view={view} onContinue={next} />}
      {phase === 'consent' && <ConsentStep token={token} view={view} onBack={() => setPhase('read')} onDone={next} />}
      {phase === 'sign' && <SignStep token={token} view={view} onBack={() => setPhase('read')} />}
    </Stack>
  );
}

/** Every form of the packet, read-only in the approver's renderer, and the same document as a PDF. */
function DocumentStep({ token, view, onContinue }: { token: string; view: SignerViewDto; onContinue: () => void }) {
  const [tab, setTab] = useState<string | null>('answers');
  return (
    <Stack gap="md">
      <Text size="sm">
        Read what you are asked to sign: the packet as it has been filled in so far. You can read it as a PDF too.
      </Text>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="answers">Forms and answers</Tabs.Tab>
          <Tabs.Tab value="pdf">PDF preview</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="answers" pt="md">
          <DocumentForms view={view} />
        </Tabs.Panel>
        <Tabs.Panel value="pdf" pt="md">
          <PdfPreview token={token} version="before-signing" title={view.packetName} />
        </Tabs.Panel>
      </Tabs>
      <Group justify="flex-end">
        <Button size="lg" onClick={onContinue} w={{ base: '100%', xs: 'auto' }}>
          I have read it, continue
        </Button>
      </Group>
    </Stack>
  );
}

function DocumentForms({ view }: { view: SignerViewDto }) {
  if (view.forms.length === 0) return <Text size="sm">This packet has no forms.</Text>;
  return (
    <Stack gap="md" data-testid="signer-document">
      {view.forms.map((f) => (
        <Card key={f.formId} withBorder component="section" aria-label={f.name} style={{ overflowWrap: 'anywhere' }}>
          <Stack gap="xs">
            <Title order={2} size="h4">
              {f.name}
            </Title>
            <FormRenderer
              version={f.definition as unknown as FormVersion}
              today={todayIso()}
              readOnly
              initialAnswers={view.answers[f.formId] ?? {}}
            />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

function PdfPreview({ token, version, title }: { token: string; version: string; title: string }) {
  const pdf = useSignerPdf(token, version);
  if (pdf.error) return <ApiErrorAlert error={pdf.error} />;
  if (!pdf.data) return <LoadingState label="Preparing the PDF" rows={3} />;
  return <PdfPages source={pdf.data.blob} title={`${title} (PDF)`} />;
}

function ConsentStep({
  token,
  view,
  onBack,
  onDone,
}: {
  token: string;
  view: SignerViewDto;
  onBack: () => void;
  onDone: () => void;
}) {
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
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="First name"
            required
            value={firstName}
            onChange={(e) => setFirstName(e.currentTarget.value)}
          />
          <TextInput label="Last name" required value={lastName} onChange={(e) => setLastName(e.currentTarget.value)} />
        </SimpleGrid>
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
        <Group justify="space-between" gap="sm">
          <Button size="lg" variant="default" onClick={onBack} w={{ base: '100%', xs: 'auto' }}>
            Back to the document
          </Button>
          <Button
            size="lg"
            w={{ base: '100%', xs: 'auto' }}
            disabled={!agree || missing}
            loading={consent.isPending}
            onClick={() =>
              consent.mutate(
                { consentVersion: view.consent.version, email, firstName, lastName },
                { onSuccess: onDone },
              )
            }
          >
            I agree, continue
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function SignStep({ token, view, onBack }: { token: string; view: SignerViewDto; onBack: () => void }) {
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
  if (filling) {
    return (
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
    );
  }
  return (
    <Card withBorder>
      <Stack>
        <Text fw={600}>Sign “{view.packetName}”</Text>
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
          <Stack gap="xs">
            <TextInput label="Type your full name" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} />
            <Paper withBorder p="sm" mih={64} aria-label="Your signature as it will appear" role="img">
              <Text
                aria-hidden
                fz={32}
                lh={1.2}
                style={{ fontFamily: SIGNATURE_FONT, overflowWrap: 'anywhere' }}
                c={typed.trim() ? undefined : 'dimmed'}
              >
                {typed.trim() || 'Your signature'}
              </Text>
            </Paper>
          </Stack>
        ) : (
          <SignaturePadCanvas id="external-signature" image={drawn} disabled={false} onDraw={setDrawn} />
        )}
        <Text size="xs" c="dimmed">
          By selecting “Sign and submit” you sign this packet electronically, with the same effect as a handwritten
          signature.
        </Text>
        {submit.error && <ApiErrorAlert error={submit.error} />}
        <Group justify="space-between" gap="sm">
          <Button size="lg" variant="default" onClick={onBack} w={{ base: '100%', xs: 'auto' }}>
            Back to the document
          </Button>
          <Button
            size="lg"
            w={{ base: '100%', xs: 'auto' }}
            disabled={!signature}
            loading={submit.isPending}
            onClick={() =>
              signature && submit.mutate({ signature, ...(Object.keys(answers).length ? { answers } : {}) })
            }
          >
            Sign and submit
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** After signing: the confirmation, and the signed PDF from the same link for as long as it is kept. */
function SignedCopy({ token, view }: { token: string; view: SignerViewDto }) {
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const download = async () => {
    setDownloading(true);
    setError(null);
    try {
      const { blob, filename } = await fetchSignerPdf(token);
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = filename;
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (err) {
      setError(err);
    } finally {
      setDownloading(false);
    }
  };
  const voided = view.status === 'VOIDED';
  return (
    <Stack gap="md">
      <SuccessMessage color="green" title="Signed and submitted">
        Thank you, {view.signerName}. Your signature on “{view.packetName}” was recorded on{' '}
        {formatDateTime(view.signedAt)}; the sender is notified.
      </SuccessMessage>
      {voided && (
        <Alert color="gray" variant="light" title="Packet voided">
          The sender has voided this packet since you signed it. Your copy is marked VOID.
        </Alert>
      )}
      <Card withBorder>
        <Stack gap="sm">
          <Text fw={600}>Keep a copy</Text>
          <Text size="sm">
            Download the signed PDF: every form, every signature and the signing certificate. This link gives you the
            copy until {formatDateTime(view.copyUntil)}.
          </Text>
          {error ? <ApiErrorAlert error={error} /> : null}
          <Group>
            <Button size="lg" loading={downloading} onClick={() => void download()} w={{ base: '100%', xs: 'auto' }}>
              Download the signed PDF
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder>
        <Stack gap="sm">
          <Text fw={600}>What you signed</Text>
          <DocumentForms view={view} />
        </Stack>
      </Card>
    </Stack>
  );
}
