import { Badge, Button, FileButton, Group, NumberInput, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { formatDollars, PAYMENT_CYCLES, type PaymentCycle } from '../../../../domain/contracts';
import { DateField } from '../../shared/DateField';
import { ConfirmModal } from '../../shared/ConfirmModal';
import { DialogModal } from '../../shared/DialogModal';
import { formatDate, formatDateTime } from '../../shared/format';
import { countOf } from '../../shared/labels';
import { ErrorState, LoadingState } from '../../shared/states';
import { TableScroll } from '../../shared/table/TableScroll';
import {
  documentUrl,
  useConfirmPayment,
  useContract,
  useCreateSchedule,
  useDecideContract,
  useEndSchedule,
  useUploadDocument,
  type ContractDetail,
} from './contracts.api';

export const CONTRACT_STATUS_COLORS: Record<string, string> = {
  PENDING: 'orange',
  ACTIVE: 'green',
  COMPLETED: 'blue',
  REJECTED: 'red',
};
export const PAYMENT_STATUS_COLORS: Record<string, string> = { PENDING: 'orange', PAID: 'green', FAILED: 'red' };

/** The payment schedule form (also the body of /createFinances): cycle, amount per cycle, number, first due date. */
export function ScheduleForm({ contract }: { contract: ContractDetail }) {
  const [cycle, setCycle] = useState<string | null>('MONTH');
  const [amount, setAmount] = useState<string | number>('');
  const [count, setCount] = useState<string | number>(12);
  const [first, setFirst] = useState<string | null>(null);
  const create = useCreateSchedule(contract.id);
  const total = typeof amount === 'number' && typeof count === 'number' ? Math.round(amount * 100) * count : null;
  return (
    <Stack gap="sm">
      <Group grow align="flex-start" wrap="wrap">
        <Select
          label="Cycle"
          required
          data={(Object.keys(PAYMENT_CYCLES) as PaymentCycle[]).map((c) => ({ value: c, label: PAYMENT_CYCLES[c] }))}
          value={cycle}
          onChange={setCycle}
          allowDeselect={false}
        />
        <NumberInput
          label="Amount per cycle (USD)"
          required
          min={0}
          max={999999}
          decimalScale={2}
          value={amount}
          onChange={setAmount}
        />
        <NumberInput
          label="Number of payments"
          required
          min={1}
          max={208}
          allowDecimal={false}
          value={count}
          onChange={setCount}
        />
        <DateField label="First due date" required value={first} onChange={setFirst} />
      </Group>
      <Text size="sm" c="dimmed">
        {total === null
          ? `Contract total ${formatDollars(contract.totalAmountCents)}.`
          : `${formatDollars(total)} in all, of the contract's ${formatDollars(contract.totalAmountCents)}.`}
      </Text>
      {create.error ? <ErrorState error={create.error} title="That did not work" /> : null}
      <Group>
        <Button
          loading={create.isPending}
          onClick={() =>
            create.mutate({
              cycle: cycle ?? undefined,
              amountPerCycle: amount === '' ? null : String(amount),
              numberOfPayments: count === '' ? undefined : Number(count),
              firstDueDate: first ?? undefined,
            })
          }
        >
          Start schedule
        </Button>
      </Group>
    </Stack>
  );
}

function Payments({ contract }: { contract: ContractDetail }) {
  const confirm = useConfirmPayment(contract.id);
  if (contract.payments.length === 0) {
    return <Text size="sm">{contract.schedule ? 'No payment has opened yet.' : 'No payment schedule yet.'}</Text>;
  }
  return (
    <Stack gap="xs">
      {confirm.error ? <ErrorState error={confirm.error} title="That did not work" /> : null}
      <TableScroll minWidth={560}>
        <Table aria-label="Payments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Payment</Table.Th>
              <Table.Th>Due</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Status</Table.Th>
              {contract.canConfirm && <Table.Th>Record</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contract.payments.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  {p.seq} of {p.numberOfPayments}
                </Table.Td>
                <Table.Td>{formatDate(p.dueDate)}</Table.Td>
                <Table.Td>{formatDollars(p.amountCents)}</Table.Td>
                <Table.Td>
                  <Badge color={PAYMENT_STATUS_COLORS[p.status]} variant="light">
                    {p.statusLabel}
                  </Badge>
                  {p.paidOn && (
                    <Text size="xs" c="dimmed">
                      on {formatDate(p.paidOn)}
                    </Text>
                  )}
                </Table.Td>
                {contract.canConfirm && (
                  <Table.Td>
                    {p.status !== 'PAID' && (
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          onClick={() => confirm.mutate({ seq: p.seq, outcome: 'PAID' })}
                          loading={confirm.isPending}
                        >
                          Paid
                        </Button>
                        {p.status === 'PENDING' && (
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => confirm.mutate({ seq: p.seq, outcome: 'FAILED' })}
                          >
                            Failed
                          </Button>
                        )}
                      </Group>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Stack>
  );
}

/** Ends a running schedule early: no further payment opens; open ones still wait for the payor's outcome. */
function EndSchedule({ contract }: { contract: ContractDetail }) {
  const [asking, setAsking] = useState(false);
  const end = useEndSchedule(contract.id);
  const schedule = contract.schedule;
  if (!schedule || schedule.status !== 'RUNNING') return null;
  const open = contract.payments.filter((p) => p.status === 'PENDING').length;
  if (schedule.endRequestedAt) {
    return (
      <Text size="sm">
        Ended on {formatDateTime(schedule.endRequestedAt, contract.timeZone)}: no further payment opens.
        {open > 0 ? ` ${countOf(open, 'open payment')} still to be recorded.` : ''}
      </Text>
    );
  }
  return (
    <Group>
      {end.error ? <ErrorState error={end.error} title="That did not work" /> : null}
      <Button variant="default" color="red.9" onClick={() => setAsking(true)}>
        End schedule
      </Button>
      <ConfirmModal
        opened={asking}
        title="End this payment schedule?"
        body={`No further payment opens. ${
          open > 0 ? `The ${countOf(open, 'open payment')} still ${open === 1 ? 'waits' : 'wait'} for an outcome.` : ''
        }`}
        confirmLabel="End schedule"
        loading={end.isPending}
        onConfirm={() => end.mutate(undefined, { onSuccess: () => setAsking(false) })}
        onClose={() => setAsking(false)}
      />
    </Group>
  );
}

function Review({ contract }: { contract: ContractDetail }) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const decide = useDecideContract(contract.id);
  return (
    <Stack gap="xs">
      {decide.error ? <ErrorState error={decide.error} title="That did not work" /> : null}
      {rejecting && (
        <Textarea
          label="Reason for rejecting (at most 50 words)"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          autosize
          minRows={2}
        />
      )}
      <Group>
        {!rejecting && (
          <Button loading={decide.isPending} onClick={() => decide.mutate({ decision: 'APPROVE' })}>
            Approve
          </Button>
        )}
        <Button
          color="red.9"
          variant={rejecting ? 'filled' : 'default'}
          loading={decide.isPending && rejecting}
          onClick={() => (rejecting ? decide.mutate({ decision: 'REJECT', reason }) : setRejecting(true))}
        >
          {rejecting ? 'Reject contract' : 'Reject'}
        </Button>
        {rejecting && (
          <Button variant="default" onClick={() => setRejecting(false)}>
            Cancel
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function Body({ contract }: { contract: ContractDetail }) {
  const upload = useUploadDocument(contract.id);
  const canUpload = contract.status === 'PENDING' || contract.status === 'ACTIVE';
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge variant="light" color={CONTRACT_STATUS_COLORS[contract.status]}>
          {contract.statusLabel}
        </Badge>
        <Badge variant="outline">{contract.sizeLabel}</Badge>
        <Badge variant="outline">{contract.typeLabel}</Badge>
      </Group>
      <Table variant="vertical" withTableBorder aria-label="Contract">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={180}>Student</Table.Th>
            <Table.Td>{contract.studentName}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Payor</Table.Th>
            <Table.Td>{contract.companyName}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Disclosure</Table.Th>
            <Table.Td>{contract.disclosureTitle}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Total</Table.Th>
            <Table.Td>
              {formatDollars(contract.totalAmountCents)} ({formatDollars(contract.paidCents)} paid)
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Dates</Table.Th>
            <Table.Td>
              {formatDate(contract.startDate)} to {formatDate(contract.endDate)}
            </Table.Td>
          </Table.Tr>
          {contract.schedule && (
            <Table.Tr>
              <Table.Th>Schedule</Table.Th>
              <Table.Td>
                {countOf(contract.schedule.numberOfPayments, 'payment')} of{' '}
                {formatDollars(contract.schedule.amountPerCycleCents)}, {contract.schedule.cycleLabel.toLowerCase()},
                from {formatDate(contract.schedule.firstDueDate)}
              </Table.Td>
            </Table.Tr>
          )}
          {contract.decidedAt && (
            <Table.Tr>
              <Table.Th>Decided</Table.Th>
              <Table.Td>
                {formatDateTime(contract.decidedAt, contract.timeZone)}
                {contract.deciderName ? ` by ${contract.deciderName}` : ''}
                {contract.rejectReason ? `: ${contract.rejectReason}` : ''}
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {contract.taxFlags.map((f) => (
        <Text key={`${f.payorName}-${f.year}`} c="red.9" fw={600}>
          1099: {f.payorName}'s payments in {f.year} reached the $600 reporting threshold on{' '}
          {formatDateTime(f.reachedAt)}.
        </Text>
      ))}
      <Group gap="sm">
        <Text fw={500}>Signed contract:</Text>
        {contract.document ? (
          <a href={documentUrl(contract.id)}>{contract.document.filename}</a>
        ) : (
          <Text c="dimmed">not uploaded yet</Text>
        )}
        {canUpload && (
          <FileButton accept="application/pdf" onChange={(f) => f && upload.mutate(f)}>
            {(props) => (
              <Button size="xs" variant="light" loading={upload.isPending} {...props}>
                {contract.document ? 'Replace PDF' : 'Upload signed PDF'}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {upload.error ? <ErrorState error={upload.error} title="That did not work" /> : null}
      {contract.canReview && <Review contract={contract} />}
      {contract.canSchedule && <ScheduleForm contract={contract} />}
      <Payments contract={contract} />
      {contract.canConfirm && <EndSchedule contract={contract} />}
    </Stack>
  );
}

export function ContractDetailModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const contract = useContract(id);
  return (
    <DialogModal opened={Boolean(id)} onClose={onClose} title="Contract" size="xl" dismissLabel="Close">
      {contract.isLoading ? (
        <LoadingState />
      ) : contract.error ? (
        <ErrorState error={contract.error} />
      ) : contract.data ? (
        <Body contract={contract.data} />
      ) : null}
    </DialogModal>
  );
}
