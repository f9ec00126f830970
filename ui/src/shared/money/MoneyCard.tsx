import { Alert, Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDollars } from '../../../../domain/contracts';
import { formatDate, formatDateTime } from '../format';
import { countOf } from '../labels';
import { hasPermission, useMe } from '../session';
import { ErrorState, LoadingState } from '../states';
import { TableScroll } from '../table/TableScroll';
import {
  useAthleteBankAccount,
  useMoney,
  useRevealAthleteAccount,
  type MoneyContracts,
  type MoneyPayments,
  type MoneyScopeQuery,
} from './money.api';

const STATUS_COLORS: Record<string, string> = {
  PENDING: 'orange',
  ACTIVE: 'green',
  COMPLETED: 'blue',
  REJECTED: 'red',
};

/**
 * The money of one athlete (their profile, for admins) or one disclosure: the $600 flags (1099), each payor's
 * total per calendar year, the contracts with what has been paid, and on a profile the bank account, masked.
 */
export function MoneyCard({ scope, athleteId }: { scope: MoneyScopeQuery; athleteId?: string }) {
  const me = useMe();
  const allowed = hasPermission(me, 'disclosures:read');
  const { contracts, payments } = useMoney(scope, allowed);
  if (!allowed) return null;
  return (
    <Card withBorder component="section" aria-label="Money">
      <Title order={2} size="h4" mb="sm">
        Money
      </Title>
      {contracts.isPending || payments.isPending ? (
        <LoadingState rows={3} label="Loading contracts and payments" />
      ) : contracts.error || payments.error ? (
        <ErrorState
          error={contracts.error ?? payments.error}
          onRetry={() => void Promise.all([contracts.refetch(), payments.refetch()])}
        />
      ) : (
        <MoneyBody contracts={contracts.data} payments={payments.data} />
      )}
      {athleteId && hasPermission(me, 'bank-accounts:read') && <BankAccountLine athleteId={athleteId} />}
    </Card>
  );
}

function MoneyBody({ contracts, payments }: { contracts: MoneyContracts; payments: MoneyPayments }) {
  if (contracts.items.length === 0 && payments.totals.length === 0) {
    return <Text size="sm">No contracts or payments yet.</Text>;
  }
  return (
    <Stack gap="sm">
      {payments.taxFlags.map((f) => (
        <Alert key={`${f.payorName}-${f.year}`} color="red" variant="light" title="1099 reporting threshold">
          {f.payorName}&apos;s payments in {f.year} reached {formatDollars(payments.thresholdCents)} on{' '}
          {formatDateTime(f.reachedAt, payments.timeZone)}
          {f.totalCents > payments.thresholdCents ? ` (${formatDollars(f.totalCents)} by then)` : ''}. The payor reports
          them on a Form 1099.
        </Alert>
      ))}
      {payments.totals.length > 0 && (
        <TableScroll minWidth={480}>
          <Table aria-label="Payments by payor and year">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Payor</Table.Th>
                <Table.Th>Year</Table.Th>
                <Table.Th>Payments</Table.Th>
                <Table.Th>Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.totals.map((t) => (
                <Table.Tr key={`${t.athleteUserId}-${t.payorName}-${t.year}`}>
                  <Table.Td>{t.payorName}</Table.Td>
                  <Table.Td>{t.year}</Table.Td>
                  <Table.Td>{countOf(t.payments, 'payment')}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {formatDollars(t.totalCents)}
                      {t.reportable && (
                        <Badge color="red" variant="light">
                          1099
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {contracts.items.length > 0 && (
        <TableScroll minWidth={480}>
          <Table aria-label="Contracts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Contract</Table.Th>
                <Table.Th>Total</Table.Th>
                <Table.Th>Paid</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contracts.items.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/Contracts?contract=${encodeURIComponent(c.id)}`}>
                      {c.companyName}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {formatDate(c.startDate)} to {formatDate(c.endDate)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatDollars(c.totalAmountCents)}</Table.Td>
                  <Table.Td>{formatDollars(c.paidCents)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[c.status]} variant="light">
                      {c.statusLabel}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Stack>
  );
}

function BankAccountLine({ athleteId }: { athleteId: string }) {
  const bank = useAthleteBankAccount(athleteId, true);
  const reveal = useRevealAthleteAccount(athleteId);
  if (bank.isPending) return <LoadingState rows={1} label="Loading the bank account" />;
  if (bank.error) return <ErrorState error={bank.error} onRetry={() => void bank.refetch()} />;
  const account = bank.data.account;
  return (
    <Group gap="sm" mt="sm" wrap="wrap">
      <Text size="sm" fw={500}>
        Bank account:
      </Text>
      {account ? (
        <>
          <Text size="sm">
            {account.bankName}, {account.accountTypeLabel.toLowerCase()},{' '}
            {reveal.data ? reveal.data.accountNumber : account.accountNumberMasked}
          </Text>
          {bank.data.canReveal && !reveal.data && (
            <Button size="xs" variant="default" loading={reveal.isPending} onClick={() => reveal.mutate()}>
              Reveal number
            </Button>
          )}
          {reveal.data && (
            <Button size="xs" variant="default" onClick={() => reveal.reset()}>
              Hide number
            </Button>
          )}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          none added yet
        </Text>
      )}
      {reveal.error ? <ErrorState error={reveal.error} title="That did not work" /> : null}
    </Group>
  );
}
