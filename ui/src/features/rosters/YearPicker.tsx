import { Select } from '@mantine/core';
import type { YearRostersDto } from './rosters.api';

/** The academic years of the school, newest first; the current one is marked. */
export function YearPicker({
  data,
  value,
  onChange,
}: {
  data: YearRostersDto | undefined;
  value: string | null;
  onChange: (id: string) => void;
}) {
  return (
    <Select
      label="Academic year"
      w={220}
      allowDeselect={false}
      data={(data?.years ?? []).map((y) => ({ value: y.id, label: y.isCurrent ? `${y.label} (current)` : y.label }))}
      value={value ?? data?.academicYear?.id ?? null}
      onChange={(v) => v && onChange(v)}
    />
  );
}
