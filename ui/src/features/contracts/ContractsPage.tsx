import { Badge, Button, Select, Stack, Table, Text, TextInput, Textarea, Group } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CONTRACT_TYPE_LABELS, CONTRACT_TYPES, formatDollars } from '../../../../domain/contracts';
import { DateField } from '../../shared/DateField';
import { DialogModal } from '../../shared/DialogModal';
import { formatDate } from '../../shared/format';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { TableScroll } from '../../shared/table/TableScroll';
import { CONTRACT_STATUS_COLORS, ContractDetailModal } from './ContractDetailModal';
import { useApprovedDisclosures, useContracts, useCreateContract, type NewContract } from './contracts.api';

function NewContractModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const disclosures = useApprovedDisclosures(opened);
  const create = useCreateContract();
  const [v, setV] = useState<NewContract>({
    disclosureId: '',
    payorName: '',
    totalAmount: '',
    type: 'ENDORSEMENT',
    startDate: '',
    endDate: '',
    notes: '',
  });
  const set = (k: keyof NewContract) => (value: string | null) => setV((o) => ({ ...o, [k]: value ?? '' }));
  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title="New contract"
      size="lg"
      actionLabel="Add contract"
      loading={create.isPending}
      error={create.error}
      onAction={() => create.mutate(v, { onSuccess: (d) => onCreated(d.id) })}
    >
      <Stack gap="sm">
        <Select
          label="Approved disclosure"
          required
          searchable
          placeholder={disclosures.isLoading ? 'Loading…' : 'Choose a disclosure'}
          data={(disclosures.data?.items ?? []).map((d) => ({
            value: d.id,
            label: `${d.student.name}: ${d.title ?? d.companyName ?? 'Disclosure'}`,
          }))}
          value={v.disclosureId || null}
          onChange={(id) => {
            const d = disclosures.data?.items.find((x) => x.id === id);
            setV((o) => ({ ...o, disclosureId: id ?? '', payorName: o.payorName || d?.companyName || '' }));
          }}
          nothingFoundMessage="No approved disclosure"
        />
        <TextInput
          label="Vendor or payor"
          required
          value={v.payorName}
          onChange={(e) => set('payorName')(e.currentTarget.value)}
        />
        <TextInput
          label="Total amount (USD)"
          required
          inputMode="decimal"
          value={v.totalAmount}
          onChange={(e) => set('totalAmount')(e.currentTarget.value)}
          description="$0 to $999,999, at most two decimals"
        />
        <Select
          label="Type"
          required
          data={CONTRACT_TYPES.map((t) => ({ value: t, label: CONTRACT_TYPE_LABELS[t] }))}
          value={v.type}
          onChange={set('type')}
          allowDeselect={false}
        />
        <Group grow>
          <DateField label="Start date" required value={v.startDate || null} onChange={set('startDate')} />
          <DateField label="End date" required value={v.endDate || null} onChange={set('endDate')} />
        </Group>
        <Textarea
          label="Notes"
          value={v.notes}
          onChange={(e) => set('notes')(e.currentTarget.value)}
          autosize
          minRows={2}
        />
      </Stack>
    </DialogModal>
  );
}

/**
 * Contracts (`/Contracts` for admins and athletes, `/studentContracts` for athletes): the contract review list
 * (student, company, total, status, size, type) with each contract's detail, review, signed PDF and payments.
 * Athletes see only their own.
 */
export function ContractsPage() {
  const [params, setParams] = useSearchParams();
  const openId = params.get('contract');
  const [status, setStatus] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const list = useContracts({ status: status ?? undefined, limit: 200 });
  const open = (id: string | null) =>
    setParams(
      (p) => {
        if (id) p.set('contract', id);
        else p.delete('contract');
        return p;
      },
      { replace: true },
    );
  const reviewer = list.data?.canReview ?? false;
  return (
    <Stack>
      <PageHeader
        title="Contracts"
        description={
          reviewer
            ? 'Contracts on approved disclosures, their review and payments.'
            : 'Your NIL contracts and their payments.'
        }
        actions={reviewer ? <Button onClick={() => setAdding(true)}>New contract</Button> : undefined}
      />
      <Select
        label="Status"
        placeholder="Any status"
        clearable
        w={220}
        data={(list.data?.statusList ?? []).map((s) => ({ value: s.value, label: s.label }))}
        value={status}
        onChange={setStatus}
      />
      {list.isLoading ? (
        <LoadingState />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data && list.data.items.length === 0 ? (
        <NothingHere
          title={status ? 'No contract with this status' : 'No contracts yet'}
          description={
            reviewer
              ? 'Add a contract to an approved disclosure.'
              : 'Contracts your compliance office records appear here.'
          }
        />
      ) : list.data ? (
        <>
          <Text size="sm">{countOf(list.data.total, 'contract')}</Text>
          <TableScroll minWidth={720}>
            <Table highlightOnHover aria-label="Contracts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Student</Table.Th>
                  <Table.Th>Company</Table.Th>
                  <Table.Th>Total</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Size</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Dates</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      <Button variant="subtle" size="compact-sm" onClick={() => open(c.id)}>
                        {c.studentName}
                      </Button>
                    </Table.Td>
                    <Table.Td>{c.companyName}</Table.Td>
                    <Table.Td>{formatDollars(c.totalAmountCents)}</Table.Td>
                    <Table.Td>
                      <Badge color={CONTRACT_STATUS_COLORS[c.status]} variant="light">
                        {c.statusLabel}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{c.sizeLabel}</Table.Td>
                    <Table.Td>{c.typeLabel}</Table.Td>
                    <Table.Td>
                      {formatDate(c.startDate)} – {formatDate(c.endDate)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </>
      ) : null}
      <ContractDetailModal id={openId} onClose={() => open(null)} />
      {adding && (
        <NewContractModal
          opened={adding}
          onClose={() => setAdding(false)}
          onCreated={(id) => {
            setAdding(false);
            open(id);
          }}
        />
      )}
    </Stack>
  );
}
