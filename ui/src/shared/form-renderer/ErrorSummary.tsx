import { Alert, Anchor, List, Text } from '@mantine/core';
import type { Ref } from 'react';

export interface SummaryItem {
  /** DOM id of the element's slot; the link moves focus to its first control. */
  anchorId: string | null;
  label: string;
  message: string;
}

/** Focuses the first control of an element, so the summary's links work with the keyboard. */
export function focusElement(anchorId: string): void {
  const slot = document.getElementById(anchorId);
  const control = slot?.querySelector<HTMLElement>(
    'input:not([type=hidden]):not([disabled]), textarea, select, button, [tabindex]:not([tabindex="-1"])',
  );
  slot?.scrollIntoView({ block: 'center' });
  (control ?? slot)?.focus({ preventScroll: true });
}

/** The list of problems above the form after a submit: each one a link to its field (GOV.UK-style summary). */
export function ErrorSummary({
  title,
  items,
  ref,
}: {
  title: string;
  items: SummaryItem[];
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <Alert ref={ref} color="red" variant="light" title={title} role="alert" tabIndex={-1}>
      <List size="sm" spacing={2}>
        {items.map((item, index) => (
          <List.Item key={`${item.anchorId ?? 'form'}-${index}`}>
            {item.anchorId ? (
              <Anchor
                href={`#${item.anchorId}`}
                size="sm"
                c="red.9"
                onClick={(event) => {
                  event.preventDefault();
                  focusElement(item.anchorId!);
                }}
              >
                {item.label ? `${item.label}: ` : ''}
                {item.message}
              </Anchor>
            ) : (
              <Text size="sm">
                {item.label ? `${item.label}: ` : ''}
                {item.message}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
