import '@mantine/charts/styles.css';
import { DonutChart } from '@mantine/charts';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDollars } from '../../../../domain/expenses';
import { fieldErrors, fieldErrorsSince } from '../../shared/api';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState } from '../../shared/states';
import { useCalculatorOptions, useDisclaimer, useEstimate, type Estimate, type EstimateRequest } from './tax.api';

const percent = (bp: number) => `${(bp / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;

interface FormValues {
  taxYear: string;
  state: string;
  nilIncome: string;
  expenses: string;
  otherWages: string;
  paymentAmount: string;
}

function parts(e: Estimate) {
  return [
    { name: 'Self-employment tax', value: e.selfEmploymentTaxCents, color: 'blue.7' },
    { name: 'Additional Medicare tax', value: e.additionalMedicareCents, color: 'cyan.6' },
    { name: 'Federal income tax', value: e.federalIncomeTaxCents, color: 'violet.6' },
    { name: `${e.stateName} income tax`, value: e.stateIncomeTaxCents, color: 'orange.6' },
  ];
}

function Result({ e }: { e: Estimate }) {
  const slices = parts(e).filter((p) => p.value > 0);
  return (
    <Card withBorder padding="lg" data-testid="tax-estimate">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Estimated tax on {formatDollars(e.nilIncomeCents)} of NIL income in {e.taxYear}
            </Text>
            <Title order={2} size="h2" data-testid="tax-total">
              {formatDollars(e.totalCents)}
            </Title>
            <Text size="sm">Set aside about {percent(e.setAsideRateBp)} of each payment.</Text>
            {e.setAsidePerPaymentCents !== null && (
              <Text fw={600} data-testid="tax-per-payment">
                {formatDollars(e.setAsidePerPaymentCents)} of each payment
              </Text>
            )}
          </Stack>
          {slices.length > 0 && (
            <DonutChart
              data={slices.map((s) => ({ ...s, value: s.value / 100 }))}
              size={170}
              thickness={26}
              withTooltip
              valueFormatter={(v) => formatDollars(Math.round(v * 100))}
              role="img"
              aria-label="The estimate's parts"
            />
          )}
        </Group>
        <Table aria-label="How the estimate is made" fz="sm">
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>Net earnings (income less expenses)</Table.Td>
              <Table.Td ta="right">{formatDollars(e.netEarningsCents)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Subject to self-employment tax (92.35 %)</Table.Td>
              <Table.Td ta="right">{formatDollars(e.seEarningsCents)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td pl="lg">Social Security (12.4 %, up to the wage base)</Table.Td>
              <Table.Td ta="right">{formatDollars(e.socialSecurityCents)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td pl="lg">Medicare (2.9 %)</Table.Td>
              <Table.Td ta="right">{formatDollars(e.medicareCents)}</Table.Td>
            </Table.Tr>
            {parts(e).map((p) => (
              <Table.Tr key={p.name}>
                <Table.Td fw={600}>
                  <Group gap={6} wrap="nowrap">
                    <span
                      aria-hidden
                      style={{
                        width: 10,
                        height: 10,
                        borderRadius: 2,
                        display: 'inline-block',
                        background: `var(--mantine-color-${p.color.replace('.', '-')})`,
                      }}
                    />
                    {p.name}
                  </Group>
                </Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatDollars(p.value)}
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td c="dimmed">Federal taxable income (after the standard deduction and half the SE tax)</Table.Td>
              <Table.Td ta="right" c="dimmed">
                {formatDollars(e.federalTaxableIncomeCents)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed">
          Federal figures: {e.sources.federal} {e.stateName}: {e.sources.state}
          {e.stateTableYear !== e.taxYear &&
            ` The ${e.stateName} table is the ${e.stateTableYear} one; the ${e.taxYear} figures are not in yet.`}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * The tax calculator (`/taxCalculator`): an estimate of what a year's NIL income adds in self-employment, federal and
 * state income tax for a single filer, and how much of each payment to set aside. It says plainly that it is an
 * estimate, not tax advice.
 */
export function TaxCalculatorPage() {
  const options = useCalculatorOptions();
  const disclaimer = useDisclaimer();
  const estimate = useEstimate();
  const [values, setValues] = useState<FormValues>({
    taxYear: '',
    state: '',
    nilIncome: '',
    expenses: '',
    otherWages: '',
    paymentAmount: '',
  });
  // Until one is chosen, the year is the school's current tax year (or the newest with tables).
  const taxYear = values.taxYear || (options.data ? String(options.data.defaultYear) : '');
  const body = (): EstimateRequest => ({
    taxYear: Number(taxYear),
    state: values.state,
    nilIncome: values.nilIncome,
    ...(values.expenses.trim() ? { expenses: values.expenses } : {}),
    ...(values.otherWages.trim() ? { otherWages: values.otherWages } : {}),
    ...(values.paymentAmount.trim() ? { paymentAmount: values.paymentAmount } : {}),
  });
  const errors = fieldErrorsSince(estimate.error, estimate.variables, body());
  const set = (k: keyof FormValues, v: string) => setValues((s) => ({ ...s, [k]: v }));

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        title="Tax calculator"
        description="Estimate the tax on your NIL income for a year, and how much of each payment to set aside."
      />
      <Alert color="yellow" variant="light" title="An estimate, not tax advice" data-testid="not-tax-advice">
        This calculator assumes you file as a single person and counts self-employment tax, federal income tax with the
        standard deduction, and your state's income tax. It leaves out credits, other deductions and local taxes. Talk
        to a tax professional before you file.
      </Alert>
      {disclaimer.data?.canAcknowledge && !disclaimer.data.acknowledgedAt && (
        <Alert color="blue" variant="light">
          Please read and acknowledge the{' '}
          <Anchor component={Link} to="/taxDisclaimer">
            tax disclaimer
          </Anchor>{' '}
          for {disclaimer.data.year}.
        </Alert>
      )}
      {options.isPending ? (
        <LoadingState rows={3} label="Loading the calculator" />
      ) : options.isError ? (
        <ErrorState error={options.error} onRetry={() => void options.refetch()} />
      ) : (
        <Card withBorder padding="lg">
          <form
            aria-label="Tax estimate"
            onSubmit={(ev) => {
              ev.preventDefault();
              estimate.mutate(body());
            }}
          >
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label="Tax year"
                  required
                  data={options.data.years.map((y) => ({ value: String(y), label: String(y) }))}
                  value={taxYear || null}
                  onChange={(v) => set('taxYear', v ?? '')}
                  error={errors.taxYear}
                  allowDeselect={false}
                />
                <Select
                  label="State you live in"
                  required
                  searchable
                  data={options.data.states.map((s) => ({ value: s.code, label: s.name }))}
                  value={values.state || null}
                  onChange={(v) => set('state', v ?? '')}
                  error={errors.state}
                />
                <TextInput
                  label="NIL income for the year (USD)"
                  required
                  inputMode="decimal"
                  placeholder="0.00"
                  description="$0 to $999,999"
                  value={values.nilIncome}
                  onChange={(e) => set('nilIncome', e.currentTarget.value)}
                  error={errors.nilIncome}
                />
                <TextInput
                  label="Business expenses (USD)"
                  inputMode="decimal"
                  placeholder="0.00"
                  description="Agent fees, travel, equipment for your NIL work"
                  value={values.expenses}
                  onChange={(e) => set('expenses', e.currentTarget.value)}
                  error={errors.expenses}
                />
                <TextInput
                  label="Other wages (USD)"
                  inputMode="decimal"
                  placeholder="0.00"
                  description="A campus or summer job paid through payroll"
                  value={values.otherWages}
                  onChange={(e) => set('otherWages', e.currentTarget.value)}
                  error={errors.otherWages}
                />
                <TextInput
                  label="A typical payment (USD)"
                  inputMode="decimal"
                  placeholder="0.00"
                  description="To see how much of it to set aside"
                  value={values.paymentAmount}
                  onChange={(e) => set('paymentAmount', e.currentTarget.value)}
                  error={errors.paymentAmount}
                />
              </SimpleGrid>
              <ApiErrorAlert error={estimate.error} isShownInline={(f) => f in fieldErrors(estimate.error)} />
              <Group>
                <Button type="submit" loading={estimate.isPending} disabled={!taxYear || !values.state}>
                  Estimate
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      )}
      {estimate.data && !estimate.isPending && <Result e={estimate.data} />}
    </Stack>
  );
}
