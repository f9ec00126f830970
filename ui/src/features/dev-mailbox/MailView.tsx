import { Anchor, Badge, Card, Code, Group, List, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../shared/format';
import type { DevMail } from './dev-mailbox.api';
import { mailLinks, splitMailText } from './mail-text';
import { labelFor, MAIL_STATUS_LABELS } from '../../shared/labels';

/** One mail's text with its links as real anchors, so a tester can follow an invitation or reset link. */
export function MailView({ mail }: { mail: DevMail }) {
  const links = mailLinks(mail.text);
  return (
    <Card withBorder padding="lg" component="article" aria-labelledby="mail-subject">
      <Stack gap="sm">
        <Title order={2} size="h3" id="mail-subject">
          {mail.subject}
        </Title>
        <Group gap="lg">
          <Text size="sm">
            <strong>To:</strong> {mail.to}
          </Text>
          <Text size="sm">
            <strong>Sent:</strong> {formatDateTime(mail.createdAt)}
          </Text>
          <Badge color={mail.status === 'SENT' ? 'teal' : 'gray'}>{labelFor(MAIL_STATUS_LABELS, mail.status)}</Badge>
        </Group>
        {links.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Links in this mail
            </Text>
            <List size="sm" spacing={4}>
              {links.map((href) => (
                <List.Item key={href}>
                  <Anchor href={href} data-testid="mail-link" style={{ wordBreak: 'break-all' }}>
                    {href}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="mail-text">
          {splitMailText(mail.text).map((part, i) =>
            part.kind === 'link' ? (
              <Anchor key={i} href={part.href}>
                {part.href}
              </Anchor>
            ) : (
              <span key={i}>{part.text}</span>
            ),
          )}
        </Code>
      </Stack>
    </Card>
  );
}
