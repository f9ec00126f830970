import { Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiErrorAlert } from './ApiErrorAlert';

export interface DialogModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalProps['size'];
  /** The dialog's content: a question, or the fields of a form. */
  children: ReactNode;
  /** The one action's name ("Delete", "Save", "Reject"); Cancel beside it closes without acting. */
  actionLabel: string;
  /** Defaults to the theme colour; a destructive action passes red. */
  actionColor?: string;
  onAction: () => void;
  loading?: boolean;
  actionDisabled?: boolean;
  /** The button that closes without acting; it needs its own name when the action itself is a cancel. */
  dismissLabel?: string;
  /** A failed action: the API's message, shown above the buttons. */
  error?: unknown;
  /** Which failed fields are already shown next to their inputs (left out of the alert). */
  isShownInline?: (field: string) => boolean;
  /** A form: Enter in a field submits it, and the action is its submit button. */
  asForm?: boolean;
  /** The form's accessible name, when the screen has more than one form. */
  formLabel?: string;
  /** Cancel takes focus first, so Enter never fires a destructive action by accident. */
  focusDismiss?: boolean;
}

/**
 * The one dialog of the app: a Mantine Modal with its content, the error of a failed action, and the buttons in the
 * same place and order everywhere (Cancel, then the action, at the right). Confirmations (ConfirmModal) and form
 * dialogs are both built on it, so no screen arranges a modal by hand.
 */
export function DialogModal({
  opened,
  onClose,
  title,
  size,
  children,
  actionLabel,
  actionColor,
  onAction,
  loading,
  actionDisabled,
  dismissLabel = 'Cancel',
  error,
  isShownInline,
  asForm,
  formLabel,
  focusDismiss,
}: DialogModalProps) {
  const content = (
    <Stack gap="md">
      {children}
      {error ? <ApiErrorAlert error={error} isShownInline={isShownInline} /> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-autofocus={focusDismiss || undefined}>
          {dismissLabel}
        </Button>
        <Button
          type={asForm ? 'submit' : 'button'}
          color={actionColor}
          loading={loading ?? false}
          disabled={actionDisabled}
          onClick={asForm ? undefined : onAction}
        >
          {actionLabel}
        </Button>
      </Group>
    </Stack>
  );
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size}>
      {asForm ? (
        <form
          noValidate
          aria-label={formLabel}
          onSubmit={(event) => {
            event.preventDefault();
            onAction();
          }}
        >
          {content}
        </form>
      ) : (
        content
      )}
    </Modal>
  );
}
