import { useQuery } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { MailboxMessage } from '../../../../api/dev-mailbox/dev-mailbox.schemas';
import { api } from '../../shared/api';

export type DevMail = Static<typeof MailboxMessage>;

/** The outbox, newest first; polled so a tester sees a mail arrive without reloading. */
export function useDevMailbox() {
  return useQuery({
    queryKey: ['dev-mailbox'],
    queryFn: ({ signal }) => api.get<DevMail[]>('/dev/mailbox', undefined, signal),
    refetchInterval: 3000,
  });
}
