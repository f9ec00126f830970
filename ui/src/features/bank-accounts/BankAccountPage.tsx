import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { formatDateTime } from '../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { useSession } from '../../shared/session';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { useOwnBankAccount, useRevealAccountNumber } from './bank-accounts.api';
import { BankAccountFormModal } from './BankAccountFormModal';

/** How long a revealed number stays on screen before it is masked again. */
const REVEAL_MS = 30_000;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text>{children}</Text>
    </Stack>
  );
}

/**
 * The athlete's bank account (`/bankAccount`), where NIL payments are paid: shown with the account number masked
 * (•••• 1234); "Show number" reveals it for 30 seconds, and each reveal is recorded.
 */
export function BankAccountPage() {
  const query = useOwnBankAccount();
  const reveal = useRevealAccountNumber();
  const [formOpen, setFormOpen] = useState(false);
  // The revealed number with the account version it belongs to: a replaced account never shows the old number.
  const [revealed, setRevealed] = useState<{ version: string; number: string } | null>(null);
  const { me } = useSession();

  useEffect(() => {
    if (!revealed) return;
    const timer = setTimeout(() => setRevealed(null), REVEAL_MS);
    return () => clearTimeout(timer);
  }, [revealed]);

  const account = query.data?.account ?? null;
  const version = account ? `${account.id}:${account.updatedAt}` : '';
  const shown = revealed && revealed.version === version ? revealed.number : null;
  const setShown = (n: string | null) => setRevealed(n ? { version, number: n } : null);
  return (
    <Stack gap="lg" maw={820}>
      <PageHeader
        title="Bank account"
        description="Where your NIL payments are paid. The account number is stored encrypted and shown only by its last four digits."
        actions={
          account && (
            <Button variant="default" onClick={() => setFormOpen(true)}>
              Replace bank account
            </Button>
          )
        }
      />
      {query.isPending ? (
        <LoadingState rows={3} label="Loading your bank account" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !account ? (
        <NothingHere
          title="No bank account yet"
          description="Add the account your NIL payments should be paid into."
          action={<Button onClick={() => setFormOpen(true)}>Add bank account</Button>}
        />
      ) : (
        <Card withBorder padding="lg" data-testid="bank-account-card">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <Field label="Bank">{account.bankName}</Field>
              <Field label="Account type">{account.accountTypeLabel}</Field>
              <Field label="Name on account">{account.nameOnAccount}</Field>
              <Field label="Routing number">{account.routingNumber}</Field>
              <Stack gap={2}>
                <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                  Account number
                </Text>
                <Group gap="sm">
                  <Text ff="monospace" data-testid="account-number">
                    {shown ?? account.accountNumberMasked}
                  </Text>
                  {query.data.canReveal &&
                    (shown ? (
                      <Button size="compact-sm" variant="subtle" onClick={() => setShown(null)}>
                        Hide number
                      </Button>
                    ) : (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        loading={reveal.isPending}
                        onClick={() => reveal.mutate(undefined, { onSuccess: (r) => setShown(r.accountNumber) })}
                      >
                        Show number
                      </Button>
                    ))}
                </Group>
                {shown && (
                  <Text size="xs" c="dimmed">
                    Shown for 30 seconds. Showing the number is recorded.
                  </Text>
                )}
              </Stack>
            </SimpleGrid>
            <ApiErrorAlert error={reveal.error} />
            <Text size="sm" c="dimmed">
              Last changed {formatDateTime(account.updatedAt, query.data.timeZone)}
              {account.updatedByName ? ` by ${account.updatedByName}` : ''}.
            </Text>
          </Stack>
        </Card>
      )}
      <BankAccountFormModal
        opened={formOpen}
        onClose={() => setFormOpen(false)}
        replacing={!!account}
        defaultName={me ? `${me.firstName} ${me.lastName}` : ''}
      />
    </Stack>
  );
}
