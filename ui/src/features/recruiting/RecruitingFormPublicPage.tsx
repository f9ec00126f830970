import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import type { FormVersion } from '../../../../form-engine';
import { isApiError } from '../../shared/api';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { formatDateTime } from '../../shared/format';
import { FormRenderer } from '../../shared/form-renderer/FormRenderer';
import { LoadingState } from '../../shared/states';
import { SuccessMessage } from '../../shared/SuccessMessage';
import { usePageTitle } from '../../shared/use-page-title';
import { usePublicRecruitingForm, useSubmitRecruitingForm } from './recruiting-forms.api';

const DEAD_LINK_TITLES: Record<string, string> = {
  RECRUITING_FORM_LINK_EXPIRED: 'This link has expired',
  RECRUITING_FORM_ALREADY_SUBMITTED: 'Already submitted',
  RECRUITING_FORM_NOT_FOUND: 'Form not found',
};

/**
 * /recruitingForm/:formToken: a prospect's own link to a recruiting form. The form is the engine's renderer; the
 * server validates the answers again. An expired link says so, and when the next link comes (the server mails one at
 * most every 15 minutes); a submitted form cannot be submitted twice.
 */
export function RecruitingFormPublicPage() {
  usePageTitle('Recruiting form');
  const { formToken = '' } = useParams();
  const view = usePublicRecruitingForm(formToken);
  const submit = useSubmitRecruitingForm();
  if (view.isPending) return <LoadingState label="Opening the form" />;
  if (view.error) {
    const code = isApiError(view.error) ? view.error.code : '';
    return (
      <Stack maw={720} w="100%" mx="auto">
        <Title order={1} size="h3">
          Recruiting form
        </Title>
        <Alert
          color={code === 'RECRUITING_FORM_ALREADY_SUBMITTED' ? 'teal' : 'red'}
          variant="light"
          title={DEAD_LINK_TITLES[code] ?? 'Link not valid'}
          role="alert"
          data-testid="recruiting-form-dead-link"
        >
          {view.error instanceof Error ? view.error.message : 'This link is no longer valid.'}
        </Alert>
      </Stack>
    );
  }
  const v = view.data;
  const serverErrors = submitErrors(submit.error);
  return (
    <Stack gap="md" maw={720} w="100%" mx="auto">
      <Stack gap={2}>
        <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {v.formName}
        </Title>
        <Text size="sm" c="dimmed">
          {v.schoolName} · for {v.prospectFirstName}
        </Text>
      </Stack>
      {submit.isSuccess ? (
        <SuccessMessage title="Thank you!" data-testid="recruiting-form-done">
          Your answers were sent to the {v.schoolName} recruiting staff on {formatDateTime(submit.data.submittedAt)}.
          You can close this page.
        </SuccessMessage>
      ) : (
        <Card withBorder padding="md">
          <Stack>
            <Text size="sm" c="dimmed">
              This link is yours alone and works until {formatDateTime(v.expiresAt)}. You can submit the form once.
            </Text>
            {submit.error && serverErrors.length === 0 && <ApiErrorAlert error={submit.error} />}
            <FormRenderer
              version={v.definition as unknown as FormVersion}
              today={v.today}
              submitLabel="Submit"
              serverErrors={serverErrors}
              onSubmit={(answers) =>
                new Promise<void>((resolve) =>
                  submit.mutate({ token: formToken, answers }, { onSettled: () => resolve() }),
                )
              }
            />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

/** The engine's per-element messages from a refused submit, shown beside their fields. */
function submitErrors(error: unknown): Array<{ elementId: string; message: string }> {
  if (!isApiError(error) || error.code !== 'VALIDATION_FAILED') return [];
  return (error.details ?? []).flatMap((d) => (d.field ? [{ elementId: d.field, message: d.message }] : []));
}
