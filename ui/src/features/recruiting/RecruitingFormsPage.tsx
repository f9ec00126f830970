import { Anchor, Badge, Button, Card, Group, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../shared/format';
import { ConfirmModal } from '../../shared/ConfirmModal';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { TableScroll } from '../../shared/table/TableScroll';
import { RECRUITING_FORM_COLORS, RECRUITING_FORM_STATUSES } from './recruiting-labels';
import {
  useArchiveRecruitingTemplate,
  useRecruitingFormSends,
  useRecruitingTemplates,
  type RecruitingTemplateDto,
} from './recruiting-forms.api';
import { SendRecruitingFormModal } from './SendRecruitingFormModal';

/**
 * /recruitingForms: the school's recruiting templates (built with the form builder) with how their links stand,
 * and every prospect a form went to: sent, opened, submitted or expired.
 */
export function RecruitingFormsPage() {
  const templates = useRecruitingTemplates();
  const [sending, setSending] = useState<string | null>(null);
  const [archiving, setArchiving] = useState<RecruitingTemplateDto | null>(null);
  const archive = useArchiveRecruitingTemplate();
  return (
    <Stack gap="lg">
      <PageHeader
        title="Recruiting forms"
        description="Build forms for prospects and send each one a personal link by e-mail."
        actions={
          <Button component={Link} to="/createRecruitingTemplate">
            New template
          </Button>
        }
      />
      <Card withBorder>
        <Stack>
          <Title order={2} size="h4">
            Templates
          </Title>
          {templates.isPending ? (
            <LoadingState rows={3} label="Loading templates" />
          ) : templates.error ? (
            <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />
          ) : templates.data.items.length === 0 ? (
            <NothingHere
              title="No recruiting templates yet"
              description="Create a template, add its questions in the form builder, publish it, then send it to prospects."
              action={
                <Button component={Link} to="/createRecruitingTemplate">
                  New template
                </Button>
              }
            />
          ) : (
            <TableScroll minWidth={760}>
              <Table striped aria-label="Recruiting templates">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Questions</Table.Th>
                    <Table.Th>Sent</Table.Th>
                    <Table.Th>Opened</Table.Th>
                    <Table.Th>Submitted</Table.Th>
                    <Table.Th>Expired</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {templates.data.items.map((t) => (
                    <Table.Tr key={t.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/editRecruitingTemplate/${t.id}`}>
                          {t.name}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          Changed {formatDate(t.updatedAt)}
                          {t.createdBy ? ` · by ${t.createdBy}` : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={t.status === 'PUBLISHED' ? 'teal' : 'gray'} variant="light">
                          {t.status === 'PUBLISHED' ? 'Published' : 'Draft'}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{t.elementCount}</Table.Td>
                      <Table.Td>{t.counts.sent}</Table.Td>
                      <Table.Td>{t.counts.opened}</Table.Td>
                      <Table.Td>{t.counts.submitted}</Table.Td>
                      <Table.Td>{t.counts.expired}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap" justify="flex-end">
                          <Button
                            size="xs"
                            onClick={() => setSending(t.id)}
                            disabled={t.status !== 'PUBLISHED'}
                            title={t.status !== 'PUBLISHED' ? 'Publish the template before sending it' : undefined}
                            aria-label={`Send ${t.name}`}
                          >
                            Send
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            component={Link}
                            to={`/editRecruitingTemplate/${t.id}`}
                            aria-label={`Edit ${t.name}`}
                          >
                            Edit
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => setArchiving(t)}
                            aria-label={`Archive ${t.name}`}
                          >
                            Archive
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          )}
        </Stack>
      </Card>
      <RecipientsCard templates={templates.data?.items ?? []} />
      <SendRecruitingFormModal
        key={sending ?? 'none'}
        opened={sending !== null}
        templateId={sending}
        onClose={() => setSending(null)}
      />
      <ConfirmModal
        opened={archiving !== null}
        title={`Archive "${archiving?.name ?? ''}"?`}
        body="The template leaves this list and cannot be sent again. Links already sent keep working, and answers stay on the prospects' profiles."
        confirmLabel="Archive"
        loading={archive.isPending}
        onConfirm={() => archiving && archive.mutate(archiving.id, { onSettled: () => setArchiving(null) })}
        onClose={() => setArchiving(null)}
      />
    </Stack>
  );
}

function RecipientsCard({ templates }: { templates: RecruitingTemplateDto[] }) {
  const [templateId, setTemplateId] = useState<string | null>(null);
  const sends = useRecruitingFormSends(templateId ? { templateId } : {});
  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={2} size="h4">
            Recipients
          </Title>
          <Select
            label="Template"
            placeholder="All templates"
            data={templates.map((t) => ({ value: t.id, label: t.name }))}
            value={templateId}
            onChange={setTemplateId}
            clearable
            w={260}
          />
        </Group>
        {sends.isPending ? (
          <LoadingState rows={3} label="Loading recipients" />
        ) : sends.error ? (
          <ErrorState error={sends.error} onRetry={() => void sends.refetch()} />
        ) : sends.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            No form has been sent{templateId ? ' with this template' : ''} yet.
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {countOf(sends.data.total, 'recipient')}
            </Text>
            <TableScroll minWidth={760}>
              <Table striped aria-label="Recipients">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Prospect</Table.Th>
                    <Table.Th>Form</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Sent</Table.Th>
                    <Table.Th>Submitted</Table.Th>
                    <Table.Th>Link valid until</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sends.data.items.map((s) => (
                    <Table.Tr key={s.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/psaProfile/${s.psaId}`}>
                          {s.psaName}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {s.email}
                        </Text>
                      </Table.Td>
                      <Table.Td>{s.templateName}</Table.Td>
                      <Table.Td>
                        <Badge color={RECRUITING_FORM_COLORS[s.status]} variant="light">
                          {RECRUITING_FORM_STATUSES[s.status]}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {formatDateTime(s.sentAt)}
                        {s.sentBy && (
                          <Text size="xs" c="dimmed">
                            by {s.sentBy}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{s.submittedAt ? formatDateTime(s.submittedAt) : '—'}</Table.Td>
                      <Table.Td>{s.submittedAt ? '—' : formatDateTime(s.expiresAt)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          </>
        )}
      </Stack>
    </Card>
  );
}
