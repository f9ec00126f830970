import { Alert, Anchor, Grid, Stack, Table, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { useDevMailbox } from './dev-mailbox.api';
import { MailView } from './MailView';
import { TableScroll } from '../../shared/table/TableScroll';

/** Development only: the mails the app "sent" (the outbox), so testers can open them and follow their links. */
export function DevMailboxPage() {
  const mailbox = useDevMailbox();
  const [params] = useSearchParams();
  const openId = params.get('mail');
  const open = mailbox.data?.find((m) => m.id === openId) ?? null;

  return (
    <Stack>
      <PageHeader
        title="Development mailbox"
        description="Mails sent while no SMTP server is configured. Newest first; refreshes every few seconds."
      />
      <Alert color="yellow" variant="light" title="Every school's mail, links included">
        <Text size="sm">
          This mailbox shows the invitation and password-reset links of every school, without signing in. It exists only
          outside production while no SMTP server is configured, and opens only on this computer (a loopback address)
          unless the server runs with DEV_MAILBOX_PUBLIC=1.
        </Text>
      </Alert>
      {mailbox.isPending && <LoadingState rows={5} label="Loading mails" />}
      {mailbox.error && (
        <ErrorState
          error={mailbox.error}
          title="The development mailbox is not available"
          onRetry={() => void mailbox.refetch()}
        />
      )}
      {mailbox.data && mailbox.data.length === 0 && (
        <NothingHere
          title="No mails yet"
          description="Invite someone or ask for a password reset, and the mail appears here."
        />
      )}
      {mailbox.data && mailbox.data.length > 0 && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: open ? 5 : 12 }}>
            <TableScroll minWidth={420}>
              <Table striped aria-label="Sent mails">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>To</Table.Th>
                    <Table.Th>Subject</Table.Th>
                    <Table.Th>Time</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {mailbox.data.map((mail) => (
                    <Table.Tr
                      key={mail.id}
                      bg={mail.id === openId ? 'indigo.0' : undefined}
                      aria-current={mail.id === openId ? 'true' : undefined}
                    >
                      <Table.Td>
                        <Text size="sm">{mail.to}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Anchor component={Link} to={`?mail=${encodeURIComponent(mail.id)}`} size="sm">
                          {mail.subject}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {formatDateTime(mail.createdAt)}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          </Grid.Col>
          {open && (
            <Grid.Col span={{ base: 12, md: 7 }}>
              <MailView mail={open} />
            </Grid.Col>
          )}
          {openId && !open && (
            <Grid.Col span={12}>
              <Alert color="gray">That mail is no longer in the outbox.</Alert>
            </Grid.Col>
          )}
        </Grid>
      )}
    </Stack>
  );
}
