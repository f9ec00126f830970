import { Input, VisuallyHidden } from '@mantine/core';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { describedByIds } from './field-props';

const CONTROLS = 'input:not([type=hidden]), textarea, select';

/**
 * The label, tips and error of an element made of several inputs (full name, address, matrix, signature, legal):
 * one visible label for the group, a role=group tied to it, and every input inside pointing at the group's error
 * and tips. Mantine's inputs always write their own aria-describedby / aria-invalid (undefined when they have no
 * message of their own), so the group's ids are added to the DOM after each render rather than passed as props.
 */
export function FieldGroup({
  id,
  label,
  tips,
  error,
  required,
  children,
}: {
  id: string;
  label: string;
  tips?: string | undefined;
  error?: string | undefined;
  required: boolean;
  children: ReactNode;
}) {
  const groupRef = useRef<HTMLDivElement>(null);
  const describedBy = describedByIds(id, { error, description: tips });
  useLayoutEffect(() => {
    for (const control of groupRef.current?.querySelectorAll<HTMLElement>(CONTROLS) ?? []) {
      if (describedBy) control.setAttribute('aria-describedby', describedBy);
      else control.removeAttribute('aria-describedby');
      if (error) control.setAttribute('aria-invalid', 'true');
      else control.removeAttribute('aria-invalid');
    }
  });
  return (
    <Input.Wrapper
      id={id}
      labelElement="div"
      label={
        <>
          {label}
          {required && <VisuallyHidden> (required)</VisuallyHidden>}
        </>
      }
      description={tips}
      error={error}
      withAsterisk={required}
    >
      <div
        ref={groupRef}
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy}
        style={{ marginTop: 'var(--mantine-spacing-xs)' }}
      >
        {children}
      </div>
    </Input.Wrapper>
  );
}
