import { Alert, Badge, Button, Card, Group, NumberInput, Progress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDollars } from '../../../../domain/contracts';
import { ApiErrorAlert } from '../ApiErrorAlert';
import { countOf } from '../labels';
import { useDisclosureFmv, useSetFmvFacts, type DisclosureFmv } from './fmv.api';

function basisOf(f: DisclosureFmv): string {
  const parts = [`${f.activityTypeLabel.toLowerCase()} deals`];
  if (f.sportMatched && f.sport) parts.push(`in ${f.sport}`);
  if (f.audienceMatched) parts.push('with a similar audience');
  return parts.join(' ');
}

/**
 * A disclosure's fair-market-value range (domain/partners/fmv.ts): the range of the school's comparable approved
 * deals, how many it rests on, where the offer falls, and the NIL Go flag when it is outside.
 */
export function FmvCard({ disclosureId }: { disclosureId: string }) {
  const fmv = useDisclosureFmv(disclosureId);
  const save = useSetFmvFacts(disclosureId);
  const [editing, setEditing] = useState(false);
  const [deliverables, setDeliverables] = useState<string | number>('');
  const [audience, setAudience] = useState<string | number>('');
  if (fmv.isLoading || !fmv.data) return null;
  const f = fmv.data;
  const span = f.lowCents !== null && f.highCents !== null ? Math.max(1, f.highCents - f.lowCents) : 1;
  const offerAt =
    f.offerCents !== null && f.lowCents !== null
      ? Math.min(100, Math.max(0, ((f.offerCents - f.lowCents) / span) * 100))
      : 0;
  return (
    <Card withBorder data-testid="fmv-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Fair market value
          </Title>
          {f.flagged ? (
            <Badge color="orange" variant="light">
              Flagged for additional review
            </Badge>
          ) : f.position === 'WITHIN' ? (
            <Badge color="teal" variant="light">
              Within the range
            </Badge>
          ) : null}
        </Group>
        {f.status === 'INSUFFICIENT' ? (
          <Text size="sm">
            Not enough comparable deals yet: {countOf(f.comparables, 'approved deal')} of this kind, at least{' '}
            {f.minComparables} needed.
          </Text>
        ) : (
          <>
            <Text size="lg" fw={600}>
              {formatDollars(f.lowCents!)} – {formatDollars(f.highCents!)}
            </Text>
            <Text size="sm" c="dimmed">
              Typical {formatDollars(f.medianCents!)}; from {countOf(f.comparables, 'approved deal')} of the school (
              {basisOf(f)}
              {f.deliverablesScaled ? ', scaled per deliverable' : ''}).
            </Text>
            {f.offerCents !== null && (
              <Stack gap={4}>
                <Text size="sm">
                  This offer: <strong>{formatDollars(f.offerCents)}</strong> · {f.positionLabel}
                </Text>
                <Progress
                  value={offerAt}
                  color={f.flagged ? 'orange' : 'teal'}
                  aria-label={`Offer position in the range: ${f.positionLabel ?? ''}`}
                />
              </Stack>
            )}
            {f.flagged && (
              <Alert color="orange" variant="light">
                The pay is outside the range of comparable deals: NIL Go would flag it for additional review.
              </Alert>
            )}
          </>
        )}
        <Text size="xs" c="dimmed">
          Deliverables: {f.deliverables ?? 'not given'} · Audience size:{' '}
          {f.audienceSize !== null ? f.audienceSize.toLocaleString('en-US') : 'not given'}
        </Text>
        {f.canEditFacts && !editing && (
          <Group>
            <Button
              size="xs"
              variant="light"
              onClick={() => {
                setDeliverables(f.deliverables ?? '');
                setAudience(f.audienceSize ?? '');
                setEditing(true);
              }}
            >
              Set deliverables and audience
            </Button>
          </Group>
        )}
        {editing && (
          <Stack gap="xs">
            <Group grow align="flex-start" wrap="wrap">
              <NumberInput label="Deliverables" min={1} max={1000} value={deliverables} onChange={setDeliverables} />
              <NumberInput
                label="Audience size (followers)"
                min={0}
                thousandSeparator=","
                value={audience}
                onChange={setAudience}
              />
            </Group>
            {save.error !== null && <ApiErrorAlert error={save.error} />}
            <Group justify="flex-end">
              <Button size="xs" variant="default" onClick={() => setEditing(false)}>
                Cancel
              </Button>
              <Button
                size="xs"
                loading={save.isPending}
                onClick={() =>
                  save.mutate(
                    {
                      deliverables: deliverables === '' ? null : Number(deliverables),
                      audienceSize: audience === '' ? null : Number(audience),
                    },
                    { onSuccess: () => setEditing(false) },
                  )
                }
              >
                Save
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
