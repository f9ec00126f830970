import { Card, Pagination, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { countOf } from '../labels';
import { pageCount } from '../lists';
import { ErrorState, LoadingState } from '../states';
import { TableScroll } from './TableScroll';
import { DateField } from '../DateField';

/**
 * A list's filters kept in the address, so a link (a task, a notification) can open it filtered. `update` sets or
 * clears keys and goes back to the first page unless it sets the page itself.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const update = (patch: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (!('page' in patch)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  return { params, update, page };
}

/** The From and To date filters of a list, bound to two address keys. */
export function DateRangeFilters({
  from,
  to,
  onChange,
}: {
  from: string | null;
  to: string | null;
  onChange: (patch: { from?: string | null; to?: string | null }) => void;
}) {
  return (
    <>
      <DateField
        label="From"
        clearable
        placeholder="Any date"
        value={from}
        onChange={(v) => onChange({ from: v || null })}
        w={{ base: '100%', sm: 160 }}
      />
      <DateField
        label="To"
        clearable
        placeholder="Any date"
        value={to}
        onChange={(v) => onChange({ to: v || null })}
        w={{ base: '100%', sm: 160 }}
      />
    </>
  );
}

interface PagedQuery {
  data?: { total: number; items: readonly unknown[] } | undefined;
  isLoading: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * What a filtered, paged list shows below its filters: how many were found, the loading and error states, the
 * empty state, the table in a scrolling card, and the pages.
 */
export function PagedResults({
  query,
  noun,
  loadingLabel,
  empty,
  page,
  pageSize,
  onPage,
  minWidth = 860,
  children,
}: {
  query: PagedQuery;
  /** Counted in "N <noun>s found". */
  noun: string;
  loadingLabel: string;
  empty: ReactNode;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  minWidth?: number;
  /** The table, shown when there is at least one row. */
  children: ReactNode;
}) {
  const total = query.data?.total ?? 0;
  const count = query.data?.items.length ?? 0;
  return (
    <>
      {query.data && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {countOf(total, noun)} found
        </Text>
      )}
      {query.isLoading && <LoadingState label={loadingLabel} />}
      {query.error != null && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && count === 0 && empty}
      {count > 0 && (
        <Card withBorder p={0}>
          <TableScroll minWidth={minWidth}>{children}</TableScroll>
        </Card>
      )}
      {total > pageSize && (
        <Pagination
          total={pageCount(total, pageSize)}
          value={page}
          onChange={onPage}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
    </>
  );
}
