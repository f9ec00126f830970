import { Text } from '@mantine/core';

/** A staff rating shown read-only (1 to 5 stars), named for screen readers. */
export function Stars({ value }: { value: number }) {
  return (
    <Text span size="sm" c="orange.9" role="img" aria-label={`Rating ${value} of 5`} style={{ whiteSpace: 'nowrap' }}>
      {'★'.repeat(value)}
      {'☆'.repeat(5 - value)}
    </Text>
  );
}
