import { Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { formatDollars } from '../../../../domain/contracts';
import { formatDate } from '../../shared/format';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { TableScroll } from '../../shared/table/TableScroll';
import { PAYMENT_STATUS_COLORS } from './ContractDetailModal';
import { usePayments, type PaymentList } from './contracts.api';

/** Paid totals per payor and calendar year, with the $600 (1099) mark. */
export function PayorYearTotals({ list, showStudent }: { list: PaymentList; showStudent?: boolean }) {
  if (list.totals.length === 0) return <Text size="sm">Nothing paid yet.</Text>;
  return (
    <TableScroll minWidth={480}>
      <Table aria-label="Totals per payor and year">
        <Table.Thead>
          <Table.Tr>
            {showStudent && <Table.Th>Student</Table.Th>}
            <Table.Th>Payor</Table.Th>
            <Table.Th>Year</Table.Th>
            <Table.Th>Paid</Table.Th>
            <Table.Th>1099</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.totals.map((t) => (
            <Table.Tr key={`${t.athleteUserId}-${t.payorName}-${t.year}`}>
              {showStudent && <Table.Td>{t.studentName}</Table.Td>}
              <Table.Td>{t.payorName}</Table.Td>
              <Table.Td>{t.year}</Table.Td>
              <Table.Td>
                {formatDollars(t.totalCents)} ({countOf(t.payments, 'payment')})
              </Table.Td>
              <Table.Td>
                {t.reportable ? (
                  <Badge variant="light" color="red">
                    Reportable ($600 or more)
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed">
                    Below $600
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function PaymentsView({ title, description, history }: { title: string; description: string; history: boolean }) {
  const list = usePayments(history ? {} : { status: 'PENDING' });
  return (
    <Stack>
      <PageHeader title={title} description={description} />
      {list.isLoading ? (
        <LoadingState />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data ? (
        <>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              Totals per payor and year
            </Title>
            <PayorYearTotals list={list.data} />
          </Card>
          {list.data.items.length === 0 ? (
            <NothingHere
              title={history ? 'No payments yet' : 'No payment on its way'}
              description="Payments appear here once a contract's schedule opens them."
            />
          ) : (
            <TableScroll minWidth={560}>
              <Table aria-label="Payments">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Payor</Table.Th>
                    <Table.Th>Payment</Table.Th>
                    <Table.Th>Due</Table.Th>
                    <Table.Th>Amount</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.items.map((p) => (
                    <Table.Tr key={p.id}>
                      <Table.Td>{p.payorName}</Table.Td>
                      <Table.Td>
                        {p.seq} of {p.numberOfPayments}
                      </Table.Td>
                      <Table.Td>{formatDate(p.dueDate)}</Table.Td>
                      <Table.Td>{formatDollars(p.amountCents)}</Table.Td>
                      <Table.Td>
                        <Badge color={PAYMENT_STATUS_COLORS[p.status]} variant="light">
                          {p.statusLabel}
                        </Badge>
                        {p.paidOn ? ` ${formatDate(p.paidOn)}` : ''}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          )}
        </>
      ) : null}
    </Stack>
  );
}

/** `/studentPayments`: payments on their way (pending), with the year totals. */
export function StudentPaymentsPage() {
  return <PaymentsView title="Payments" description="Payments due to you under your contracts." history={false} />;
}

/** `/studentPaymentList`: every payment, with totals per payor and calendar year. */
export function StudentPaymentListPage() {
  return <PaymentsView title="Payment history" description="Every payment under your contracts." history />;
}
