import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { AuditEventDto } from '../../../../api/audit/audit.schemas';
import { api } from '../../shared/api';
import { listItems, listTotal, PAGE_SIZE, type ListResponse } from '../../shared/lists';

export type AuditEventRow = Static<typeof AuditEventDto>;

export function useAuditEvents(page: number) {
  return useQuery({
    queryKey: ['audit-events', page],
    queryFn: ({ signal }) =>
      api.get<ListResponse<AuditEventRow>>(
        '/audit-events',
        { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
        signal,
      ),
    select: (data) => ({
      items: listItems(data),
      total: listTotal(data),
      timeZone: (data as { timeZone?: string }).timeZone,
    }),
    placeholderData: keepPreviousData,
  });
}
