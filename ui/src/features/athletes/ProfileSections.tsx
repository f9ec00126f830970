import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDate, humanize } from '../../shared/format';
import type { AthleteProfile } from './athletes.api';
import { PROFILE_SECTIONS, readField, rootOf, type ProfileField } from './profile-fields';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export type ProfileSection = { title: string; fields: ProfileField[] };

/** The profile's sections with only the fields this view holds (or may edit). */
export function visibleSections(view: AthleteProfile): ProfileSection[] {
  const editable = new Set(view.editable);
  const shown = (f: ProfileField) => rootOf(f.key) in view.profile || editable.has(rootOf(f.key));
  return PROFILE_SECTIONS.map((s) => ({ ...s, fields: s.fields.filter(shown) })).filter((s) => s.fields.length);
}

function display(field: ProfileField, value: unknown, view: AthleteProfile): string {
  if (field.kind === 'advisor')
    return view.academicAdvisorName ?? (readField(view.profile, 'academicAdvisor') as string) ?? '—';
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '—';
  const label = (v: unknown) => field.options?.find((o) => o.value === v)?.label ?? humanize(String(v));
  if (field.kind === 'select') return label(value);
  if (field.kind === 'multi') return (value as unknown[]).map(label).join(', ');
  if (field.kind === 'list') return (value as unknown[]).join(', ');
  if (field.kind === 'flag') return value ? 'Yes' : 'No';
  if (field.kind === 'money') return money.format(Number(value));
  if (field.kind === 'percent') return `${Number(value)}%`;
  // A calendar day (date of birth) as people write it, never the stored YYYY-MM-DD.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  return String(value);
}

/**
 * The profile's read-out, one card per section and one for the school's custom fields: what the admin's, coach's,
 * athlete's and provider operator's profiles all show (each with the fields its viewer may see).
 */
export function ProfileSections({ view, sections }: { view: AthleteProfile; sections: ProfileSection[] }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {sections.map((section) => (
        <Card key={section.title} withBorder component="section" aria-label={section.title}>
          <Title order={2} size="h4" mb="sm">
            {section.title}
          </Title>
          <Stack gap={6}>
            {section.fields.map((f) => (
              <Group key={f.key} justify="space-between" align="flex-start" wrap="nowrap" gap="md">
                <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                  {f.label}
                </Text>
                <Text size="sm" ta="right" style={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
                  {display(f, readField(view.profile, f.key), view)}
                </Text>
              </Group>
            ))}
          </Stack>
        </Card>
      ))}
      {view.customFields && view.customFields.length > 0 && (
        <Card withBorder component="section" aria-label="Custom fields">
          <Title order={2} size="h4" mb="sm">
            Custom fields
          </Title>
          <Stack gap={6}>
            {view.customFields.map((f) => (
              <Group key={f.id} justify="space-between" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {f.name}
                </Text>
                <Text size="sm">{f.value ?? '—'}</Text>
              </Group>
            ))}
          </Stack>
        </Card>
      )}
    </SimpleGrid>
  );
}
