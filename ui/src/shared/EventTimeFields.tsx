import { Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { gmtLabel } from '../../../domain/calendar-events';
import { SCHOOL_TIME_ZONES } from '../../../domain/schools';
import { DateField } from './DateField';

/** When an event happens: its first and last day, its clock times and the zone they are read in. */
export interface EventTime {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  timeZone: string;
}

export type EventTimeErrors = Partial<Record<keyof EventTime, string | undefined>>;

/** The zones a form offers: the schools' US zones, and the zone the event already has if it is another. */
export function zoneChoices(current: string): { value: string; label: string }[] {
  const zones: readonly string[] = (SCHOOL_TIME_ZONES as readonly string[]).includes(current)
    ? SCHOOL_TIME_ZONES
    : [current, ...SCHOOL_TIME_ZONES];
  return zones.map((z) => ({ value: z, label: `${z.replace(/_/g, ' ')} (${gmtLabel(z)})` }));
}

/**
 * The date-time block of every event form (calendar events, recruiting events): start and end day and time, then
 * the zone they are in, which a new event takes from the school. `beside` sits next to the zone (the location).
 */
export function EventTimeFields({
  value,
  onChange,
  errors = {},
  endDateDescription,
  beside,
}: {
  value: EventTime;
  onChange: <K extends keyof EventTime>(key: K, next: EventTime[K]) => void;
  errors?: EventTimeErrors;
  /** A rule about the span, shown under the row ("At most 3 days"). */
  endDateDescription?: string;
  beside?: ReactNode;
}) {
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <DateField
          label="Start date"
          withAsterisk
          value={value.startDate}
          onChange={(d) => onChange('startDate', d)}
          error={errors.startDate}
        />
        <TextInput
          type="time"
          label="Start time"
          withAsterisk
          value={value.startTime}
          onChange={(e) => onChange('startTime', e.currentTarget.value)}
          error={errors.startTime}
        />
        <DateField
          label="End date"
          withAsterisk
          value={value.endDate}
          onChange={(d) => onChange('endDate', d)}
          error={errors.endDate}
        />
        <TextInput
          type="time"
          label="End time"
          withAsterisk
          value={value.endTime}
          onChange={(e) => onChange('endTime', e.currentTarget.value)}
          error={errors.endTime}
        />
      </SimpleGrid>
      {endDateDescription && (
        <Text size="xs" c="dimmed" mt={-8}>
          {endDateDescription}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Time zone"
          withAsterisk
          searchable
          allowDeselect={false}
          data={zoneChoices(value.timeZone)}
          value={value.timeZone}
          onChange={(z) => z && onChange('timeZone', z)}
          error={errors.timeZone}
        />
        {beside}
      </SimpleGrid>
    </>
  );
}
