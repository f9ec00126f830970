import { Button, Card, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { TAX_DISCLAIMER_LIMITS } from '../../../../domain/tax/disclaimer';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { DialogModal } from '../../shared/DialogModal';
import { formatDateTime } from '../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState } from '../../shared/states';
import { SuccessMessage } from '../../shared/SuccessMessage';
import { useAcknowledgeDisclaimer, useDisclaimer, useSaveDisclaimer, type Disclaimer } from './tax.api';

function EditDisclaimerModal({
  disclaimer,
  opened,
  onClose,
}: {
  disclaimer: Disclaimer;
  opened: boolean;
  onClose: () => void;
}) {
  const [text, setText] = useState(disclaimer.text);
  const save = useSaveDisclaimer();
  const close = () => {
    save.reset();
    onClose();
  };
  return (
    <DialogModal
      opened={opened}
      onClose={close}
      title="Edit tax disclaimer"
      size="xl"
      asForm
      actionLabel="Save text"
      loading={save.isPending}
      error={save.error}
      onAction={() => save.mutate(text, { onSuccess: close })}
    >
      <Textarea
        label="Text athletes read and acknowledge"
        autosize
        minRows={8}
        maxRows={20}
        maxLength={TAX_DISCLAIMER_LIMITS.textMaxLength}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        description="Athletes acknowledge it once each calendar year. Leave it empty to go back to the default text."
      />
    </DialogModal>
  );
}

/**
 * The school's tax disclaimer (`/taxDisclaimer`): athletes read it and acknowledge it once a year; school admins
 * edit its text (the default applies until they do).
 */
export function TaxDisclaimerPage() {
  const query = useDisclaimer();
  const ack = useAcknowledgeDisclaimer();
  const [editing, setEditing] = useState(false);
  const d = query.data;
  return (
    <Stack gap="lg" maw={820}>
      <PageHeader
        title="Tax disclaimer"
        description="What every student-athlete should know about tax on NIL income."
        actions={
          d?.canEdit && (
            <Button variant="default" onClick={() => setEditing(true)}>
              Edit text
            </Button>
          )
        }
      />
      {query.isPending ? (
        <LoadingState rows={5} label="Loading the tax disclaimer" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Card withBorder padding="lg">
            <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="disclaimer-text">
              {d!.text}
            </Text>
            <Text size="xs" c="dimmed" mt="md">
              {d!.isDefault
                ? 'The standard text: your school has not written its own.'
                : `Last changed ${formatDateTime(d!.updatedAt, d!.timeZone)}${d!.updatedByName ? ` by ${d!.updatedByName}` : ''}.`}
            </Text>
          </Card>
          {d!.canAcknowledge &&
            (d!.acknowledgedAt ? (
              <SuccessMessage title={`Acknowledged for ${d!.year}`} data-testid="disclaimer-acknowledged">
                You acknowledged this on {formatDateTime(d!.acknowledgedAt, d!.timeZone)}.
              </SuccessMessage>
            ) : (
              <Stack gap="xs" align="flex-start">
                <Text size="sm">Please confirm you have read this for {d!.year}.</Text>
                <Button onClick={() => ack.mutate()} loading={ack.isPending}>
                  I have read and understand this
                </Button>
                <ApiErrorAlert error={ack.error} />
              </Stack>
            ))}
          {d!.canEdit && editing && (
            <EditDisclaimerModal disclaimer={d!} opened={editing} onClose={() => setEditing(false)} />
          )}
        </>
      )}
    </Stack>
  );
}
