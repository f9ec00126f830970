import { Alert, type AlertProps } from '@mantine/core';
import { useEffect, useRef } from 'react';

/**
 * The message shown after a successful submit. It takes focus when it appears (the form that had focus is usually
 * gone), so keyboard users land on it and screen readers read it; role="status" announces it as well.
 */
export function SuccessMessage({ color = 'teal', ...props }: AlertProps & { 'data-testid'?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: false });
  }, []);
  return <Alert ref={ref} tabIndex={-1} color={color} variant="light" role="status" {...props} />;
}
