import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormVersion } from '../../../../form-engine';
import { DialogModal } from '../../shared/DialogModal';
import { formatDateTime } from '../../shared/format';
import { FormRenderer } from '../../shared/form-renderer/FormRenderer';
import { ErrorState, LoadingState } from '../../shared/states';
import { TableScroll } from '../../shared/table/TableScroll';
import { RECRUITING_FORM_COLORS, RECRUITING_FORM_STATUSES } from './recruiting-labels';
import { useRecruitingFormSend, useRecruitingFormSends } from './recruiting-forms.api';
import { SendRecruitingFormModal } from './SendRecruitingFormModal';

/** The "forms" part of a prospect's recruiting history: what was sent, where it stands, and the answers. */
export function PsaFormsCard({ psaId, canSend }: { psaId: string; canSend: boolean }) {
  const sends = useRecruitingFormSends({ psaId });
  const [viewing, setViewing] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            Recruiting forms
          </Title>
          {canSend && (
            <Button size="xs" variant="light" onClick={() => setSending(true)}>
              Send a form
            </Button>
          )}
        </Group>
        {sends.isPending ? (
          <LoadingState rows={2} label="Loading forms" />
        ) : sends.error ? (
          <ErrorState error={sends.error} onRetry={() => void sends.refetch()} />
        ) : sends.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            No recruiting form has been sent to this prospect yet.
          </Text>
        ) : (
          <TableScroll minWidth={600}>
            <Table striped aria-label="Recruiting forms sent">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Form</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Sent</Table.Th>
                  <Table.Th>Submitted</Table.Th>
                  <Table.Th>Answers</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sends.data.items.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>{s.templateName}</Table.Td>
                    <Table.Td>
                      <Badge color={RECRUITING_FORM_COLORS[s.status]} variant="light">
                        {RECRUITING_FORM_STATUSES[s.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDateTime(s.sentAt)}</Table.Td>
                    <Table.Td>{s.submittedAt ? formatDateTime(s.submittedAt) : '—'}</Table.Td>
                    <Table.Td>
                      {s.submittedAt ? (
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => setViewing(s.id)}
                          aria-label={`View answers to ${s.templateName}`}
                        >
                          View answers
                        </Button>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Stack>
      <AnswersModal sendId={viewing} onClose={() => setViewing(null)} />
      {canSend && <SendRecruitingFormModal opened={sending} psaId={psaId} onClose={() => setSending(false)} />}
    </Card>
  );
}

function AnswersModal({ sendId, onClose }: { sendId: string | null; onClose: () => void }) {
  const detail = useRecruitingFormSend(sendId);
  return (
    // What a prospect answered, read only: the dialog's X closes it.
    <DialogModal
      opened={sendId !== null}
      onClose={onClose}
      title={detail.data?.templateName ?? 'Answers'}
      size="lg"
      dismissLabel={null}
    >
      {detail.isPending ? (
        <LoadingState rows={4} label="Loading the answers" />
      ) : detail.error ? (
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <Stack data-testid="recruiting-form-answers">
          <Text size="sm" c="dimmed">
            Submitted by {detail.data.psaName}
            {detail.data.submittedAt ? ` on ${formatDateTime(detail.data.submittedAt)}` : ''}
          </Text>
          <FormRenderer
            version={detail.data.definition as unknown as FormVersion}
            today={(detail.data.submittedAt ?? detail.data.sentAt).slice(0, 10)}
            readOnly
            initialAnswers={detail.data.answers ?? {}}
          />
        </Stack>
      )}
    </DialogModal>
  );
}
