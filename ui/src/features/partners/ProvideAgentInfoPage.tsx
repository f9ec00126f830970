import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { formatDateTime } from '../../shared/format';
import { LoadingState } from '../../shared/states';
import { SuccessMessage } from '../../shared/SuccessMessage';
import { usePageTitle } from '../../shared/use-page-title';
import { AgentFields, emptyAgent, type AgentFormValues } from './AgentFields';
import { useAgentLink, useProvideAgentInfo, type AgentLink } from './partners.api';

/**
 * `/provideAgentInfo?token=…`: the invited agent's own page (no account). It works once, until the link expires; the
 * agent gives their agency, contact and state registration, and compliance confirms them.
 */
export function ProvideAgentInfoPage() {
  usePageTitle('Provide agent info');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useAgentLink(token);
  const submit = useProvideAgentInfo();
  const heading = (
    <Title order={1} size="h3">
      Agent registration
    </Title>
  );
  if (!token || link.error) {
    const used = isApiError(link.error) && link.error.code === 'AGENT_LINK_USED';
    return (
      <Stack maw={720} w="100%" mx="auto">
        {heading}
        <Alert
          color={used ? 'teal' : 'red'}
          variant="light"
          title={used ? 'Already done' : 'Link not valid'}
          role="alert"
        >
          {link.error instanceof Error ? link.error.message : 'This link is invalid or has expired.'}
        </Alert>
      </Stack>
    );
  }
  if (link.isPending) return <LoadingState label="Opening the link" />;
  if (submit.isSuccess) {
    return (
      <Stack maw={720} w="100%" mx="auto">
        {heading}
        <SuccessMessage title="Thank you">
          Your details are with {link.data.schoolName}'s compliance office, who will confirm them.
        </SuccessMessage>
      </Stack>
    );
  }
  return <AgentInfoForm token={token} link={link.data} submit={submit} heading={heading} />;
}

function AgentInfoForm({
  token,
  link,
  submit,
  heading,
}: {
  token: string;
  link: AgentLink;
  submit: ReturnType<typeof useProvideAgentInfo>;
  heading: ReactNode;
}) {
  const [values, setValues] = useState<AgentFormValues>(() => ({
    ...emptyAgent(),
    type: link.type,
    firstName: link.firstName,
    lastName: link.lastName,
    email: link.email,
    phone: link.phone ?? '',
    agency: link.agency ?? '',
  }));
  const d = link;
  return (
    <Stack maw={720} w="100%" mx="auto">
      {heading}
      <Text size="sm">
        {d.invitedBy ?? 'A student-athlete'} at {d.schoolName} named you as their agent. The school keeps a registry of
        agents; please give your agency and state registration. This link works once, until{' '}
        {formatDateTime(d.expiresAt)}.
      </Text>
      <Card withBorder>
        <form
          aria-label="Agent registration"
          onSubmit={(e) => {
            e.preventDefault();
            submit.mutate({
              token,
              type: values.type,
              firstName: values.firstName,
              lastName: values.lastName,
              phone: values.phone.trim() || null,
              agency: values.agency.trim() || null,
              registrationState: values.registrationState,
              registrationNumber: values.registrationNumber,
              registrationExpiresOn: values.registrationExpiresOn,
            });
          }}
        >
          <Stack gap="sm">
            <AgentFields values={values} onChange={setValues} error={submit.error} emailLocked />
            {submit.error !== null && <ApiErrorAlert error={submit.error} />}
            <Button type="submit" loading={submit.isPending} style={{ alignSelf: 'flex-end' }}>
              Send my details
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
