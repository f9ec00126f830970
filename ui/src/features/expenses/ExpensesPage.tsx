import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import {
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EXPENSE_CATEGORIES, EXPENSE_STATUSES, formatDollars } from '../../../../domain/expenses';
import { DateField } from '../../shared/DateField';
import { formatDate } from '../../shared/format';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { TableScroll } from '../../shared/table/TableScroll';
import { ExpenseDetailModal, STATUS_COLORS } from './ExpenseDetailModal';
import { ExpenseFormModal } from './ExpenseFormModal';
import { expenseExportUrl, useExpenses, type ExpenseList } from './expenses.api';
import { PersonLink } from '../../shared/PersonLink';

const PAGE = 25;

function Totals({ list }: { list: ExpenseList }) {
  const data = list.totals.map((t) => ({ type: t.label, Amount: t.amountCents / 100 }));
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} size="h4">
          Totals by type
        </Title>
        <Text size="sm">
          {countOf(list.total, 'expense')}, {formatDollars(list.totalCents)} in all
        </Text>
      </Group>
      <BarChart
        h={200}
        data={data}
        dataKey="type"
        series={[{ name: 'Amount', color: 'blue.7', label: 'Amount (USD)' }]}
        valueFormatter={(v) => formatDollars(Math.round(v * 100))}
        tickLine="y"
      />
      {/* The figures as a table too, for screen readers and for reading exact amounts. */}
      <TableScroll minWidth={520}>
        <Table mt="sm" aria-label="Totals by type">
          <Table.Thead>
            <Table.Tr>
              {list.totals.map((t) => (
                <Table.Th key={t.category}>{t.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              {list.totals.map((t) => (
                <Table.Td key={t.category}>{formatDollars(t.amountCents)}</Table.Td>
              ))}
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Card>
  );
}

/**
 * Recruiting expenses (`/expenses`): a coach files expenses with receipts and a signature and follows their
 * approval; a school admin sees the school's, filters them, approves or rejects, and exports CSV.
 */
export function ExpensesPage() {
  const [params, setParams] = useSearchParams();
  const openId = params.get('expense');
  const [status, setStatus] = useState<string | null>(null);
  const [category, setCategory] = useState<string | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [submitter, setSubmitter] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [filing, setFiling] = useState(false);
  const filters = {
    status: status ?? undefined,
    category: category ?? undefined,
    from: from ?? undefined,
    to: to ?? undefined,
    submittedBy: submitter ?? undefined,
    limit: PAGE,
    offset: (page - 1) * PAGE,
  };
  const list = useExpenses(filters);
  const canApprove = list.data?.canApprove ?? false;
  const filtered = Boolean(status || category || from || to || submitter);
  const open = (id: string | null) =>
    setParams(
      (p) => {
        if (id) p.set('expense', id);
        else p.delete('expense');
        return p;
      },
      { replace: true },
    );
  const filter =
    <T,>(setter: (v: T) => void) =>
    (v: T) => {
      setter(v);
      setPage(1);
    };

  return (
    <Stack>
      <PageHeader
        title="Expenses"
        description={
          canApprove
            ? "The school's recruiting expenses: approve or reject pending ones, see totals by type, export them."
            : 'Your recruiting expenses with their receipts and signature, and where each approval stands.'
        }
        actions={
          <>
            <Button onClick={() => setFiling(true)}>New expense</Button>
            <Button variant="default" component="a" href={expenseExportUrl(filters)} download>
              Export CSV
            </Button>
          </>
        }
      />
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Status"
          clearable
          data={Object.entries(EXPENSE_STATUSES).map(([value, label]) => ({ value, label }))}
          value={status}
          onChange={filter(setStatus)}
          w={150}
        />
        <Select
          label="Type"
          clearable
          data={Object.entries(EXPENSE_CATEGORIES).map(([value, label]) => ({ value, label }))}
          value={category}
          onChange={filter(setCategory)}
          w={170}
        />
        <DateField label="From" clearable value={from} onChange={(v) => filter(setFrom)(v || null)} w={150} />
        <DateField label="To" clearable value={to} onChange={(v) => filter(setTo)(v || null)} w={150} />
        {canApprove && (
          <Select
            label="Submitted by"
            clearable
            searchable
            data={(list.data?.submitters ?? []).map((s) => ({ value: s.id, label: s.name }))}
            value={submitter}
            onChange={filter(setSubmitter)}
            w={200}
          />
        )}
      </Group>
      {list.isPending && <LoadingState rows={6} label="Loading expenses" />}
      {list.error && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && list.data.total === 0 && (
        <NothingHere
          title={filtered ? 'No expenses match these filters' : 'No expenses yet'}
          description={
            filtered
              ? 'Clear a filter to see more.'
              : 'File an expense with its receipts and your signature; a school admin approves it.'
          }
          action={!filtered && <Button onClick={() => setFiling(true)}>New expense</Button>}
        />
      )}
      {list.data && list.data.total > 0 && (
        <>
          <Totals list={list.data} />
          <TableScroll minWidth={760}>
            <Table striped aria-label="Expenses">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Status</Table.Th>
                  {canApprove && <Table.Th>Submitted by</Table.Th>}
                  <Table.Th>Receipts</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{formatDate(e.transactionDate)}</Table.Td>
                    <Table.Td>{e.name}</Table.Td>
                    <Table.Td>{e.categoryLabel}</Table.Td>
                    <Table.Td ta="right">{formatDollars(e.amountCents)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATUS_COLORS[e.status]}>
                        {e.statusLabel}
                      </Badge>
                    </Table.Td>
                    {canApprove && (
                      <Table.Td>
                        {e.submitterName && e.submittedBy ? (
                          <PersonLink kind="staff" id={e.submittedBy} name={e.submitterName} />
                        ) : (
                          '—'
                        )}
                      </Table.Td>
                    )}
                    <Table.Td>{e.receiptCount}</Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="default" onClick={() => open(e.id)} aria-label={`Open ${e.name}`}>
                        {canApprove && e.status === 'PENDING' ? 'Review' : 'Open'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          {list.data.total > PAGE && (
            <Pagination total={Math.ceil(list.data.total / PAGE)} value={page} onChange={setPage} />
          )}
        </>
      )}
      <ExpenseFormModal opened={filing} onClose={() => setFiling(false)} onFiled={(id) => open(id)} />
      <ExpenseDetailModal id={filing ? null : openId} onClose={() => open(null)} />
    </Stack>
  );
}
