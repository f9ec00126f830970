import { Card, Skeleton, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';

/** One headline number; it loads and fails on its own so one slow count does not hide the others. */
export function StatCard({ label, query, to }: { label: string; query: UseQueryResult<number>; to: string }) {
  return (
    <Card
      withBorder
      padding="lg"
      component={Link}
      to={to}
      aria-label={`${label}: ${query.data ?? 'loading'}`}
      data-testid={`stat-${label}`}
    >
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      {query.isPending ? (
        <Skeleton height={34} width={60} mt={6} />
      ) : query.error ? (
        <Text size="sm" c="red.9" mt={6}>
          Could not load
        </Text>
      ) : (
        <Text fz={32} fw={800} c="indigo.9" lh={1.2}>
          {query.data}
        </Text>
      )}
    </Card>
  );
}
