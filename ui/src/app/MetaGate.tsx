import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Static } from 'typebox';
import type { MetaDto } from '../../../api/meta/meta.routes';
import { api } from '../shared/api';
import { queryKeys } from '../shared/query-keys';
import { MaintenancePage } from './MaintenancePage';

export type Meta = Static<typeof MetaDto>;

export function useMeta() {
  return useQuery({ queryKey: queryKeys.meta, queryFn: () => api.get<Meta>('/meta'), staleTime: 60_000 });
}

/**
 * Reads GET /meta before the app renders. In maintenance only the maintenance page shows; if /meta itself cannot
 * be read the app still renders, and each screen reports its own errors.
 */
export function MetaGate({ children }: { children: ReactNode }) {
  const meta = useMeta();
  if (meta.isPending) {
    return (
      <Center h="100vh" component="main">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (meta.data?.maintenance) return <MaintenancePage />;
  return <>{children}</>;
}
