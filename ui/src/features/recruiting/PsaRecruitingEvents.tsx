import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { eventWhen, kindLabel } from './recruiting-event-labels';
import { instantToLocal } from '../../../../domain/calendar-events';
import type { Static } from 'typebox';
import type { PsaRecruitingEvent as PsaRecruitingEventSchema } from '../../../../api/recruiting/psas.schemas';

/** An approved recruiting event the prospect attends, as the profile answers it. */
export type PsaRecruitingEvent = Static<typeof PsaRecruitingEventSchema>;

/** The approved recruiting events a prospect attends, newest first, each opening its page. */
export function PsaRecruitingEvents({ events, linked = true }: { events: PsaRecruitingEvent[]; linked?: boolean }) {
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        Recruiting events
      </Text>
      {events.length === 0 ? (
        <Text size="sm" c="dimmed">
          No approved recruiting events yet.
        </Text>
      ) : (
        events.map((e) => {
          const start = instantToLocal(new Date(e.start), e.timeZone);
          const end = instantToLocal(new Date(e.end), e.timeZone);
          const when = eventWhen({
            startDate: start.date,
            startTime: start.time,
            endDate: end.date,
            endTime: end.time,
          });
          return (
            <Text key={e.id} size="sm" data-testid="psa-recruiting-event">
              {linked ? (
                <Anchor component={Link} to={`/recruitmentEvents/${e.id}`} size="sm">
                  {e.name}
                </Anchor>
              ) : (
                e.name
              )}{' '}
              · {kindLabel(e.kind)} · {when}
              {e.location ? ` · ${e.location}` : ''}
              {e.flags.length > 0 && (
                <Group component="span" gap={4} ml={6} style={{ display: 'inline-flex' }}>
                  {e.flags.map((f) => (
                    <Badge key={f} color="red" variant="light" size="sm">
                      {f}
                    </Badge>
                  ))}
                </Group>
              )}
            </Text>
          );
        })
      )}
    </Stack>
  );
}
