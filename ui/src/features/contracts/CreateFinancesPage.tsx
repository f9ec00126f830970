import { Card, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatDollars } from '../../../../domain/contracts';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { ScheduleForm } from './ContractDetailModal';
import { useContract, useContracts } from './contracts.api';

/** `/createFinances`: a payment schedule for an active contract that has none yet. */
export function CreateFinancesPage() {
  const list = useContracts({ status: 'ACTIVE', limit: 200 });
  const [id, setId] = useState<string | null>(null);
  const contract = useContract(id);
  const open = (list.data?.items ?? []).filter((c) => c.schedule === null);
  return (
    <Stack>
      <PageHeader
        title="Finances"
        description="Set how an approved contract is paid: a cycle, an amount per cycle and a number of payments."
      />
      {list.isLoading ? (
        <LoadingState />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : open.length === 0 ? (
        <NothingHere
          title="No contract to schedule"
          description="Every active contract already has a payment schedule."
        />
      ) : (
        <Card withBorder>
          <Stack>
            <Select
              label="Active contract"
              placeholder="Choose a contract"
              searchable
              data={open.map((c) => ({
                value: c.id,
                label: `${c.studentName}: ${c.companyName}, ${formatDollars(c.totalAmountCents)}`,
              }))}
              value={id}
              onChange={setId}
            />
            {contract.data && contract.data.canSchedule && <ScheduleForm contract={contract.data} />}
            {contract.data && !contract.data.canSchedule && (
              <Text>
                Schedule started: {contract.data.schedule?.numberOfPayments} payments,{' '}
                {contract.data.schedule?.cycleLabel.toLowerCase()}.
              </Text>
            )}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
