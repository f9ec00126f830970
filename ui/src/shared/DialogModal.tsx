import { Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiErrorAlert } from './ApiErrorAlert';

export interface DialogModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalProps['size'];
  /** The dialog's content: a question, the fields of a form, or what an information dialog shows. */
  children: ReactNode;
  /**
   * The one action's name ("Delete", "Save", "Reject"); Cancel beside it closes without acting. Without it (and
   * without `actions`) the dialog only informs: the dismiss button is its one button, in the action's filled style.
   */
  actionLabel?: string;
  /** Defaults to the theme colour; a destructive action passes red. */
  actionColor?: string;
  onAction?: () => void;
  loading?: boolean;
  actionDisabled?: boolean;
  /** The id of the text that says why the action is unavailable (read out with the action's name). */
  actionDescribedBy?: string;
  /**
   * A dialog with no single action (a detail view whose buttons depend on what it shows): its buttons, placed
   * after the dismiss button at the right, where the one action would stand. They keep their own order and styles.
   */
  actions?: ReactNode;
  /**
   * The button that closes without acting; it needs its own name when the action itself is a cancel, or "Done" in an
   * information dialog. `null` leaves it out (the dialog's X and Escape still close it).
   */
  dismissLabel?: string | null;
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
  /** The action takes focus first (a confirmation whose Enter should act), unless a field asks for it. */
  focusAction?: boolean;
}

/**
 * The one dialog of the app: a Mantine Modal with its content, the error of a failed action, and the buttons in the
 * same place and order everywhere (Cancel, then the action, at the right). Confirmations (ConfirmModal), form
 * dialogs, information dialogs (no action: one dismiss button such as "Done", or none) and detail views with several
 * actions (`actions`) are all built on it, so no screen arranges a modal by hand.
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
  actionDescribedBy,
  actions,
  dismissLabel = 'Cancel',
  error,
  isShownInline,
  asForm,
  formLabel,
  focusDismiss,
  focusAction,
}: DialogModalProps) {
  const informs = actionLabel === undefined && !actions;
  const footer =
    dismissLabel !== null || actions || actionLabel !== undefined ? (
      <Group justify="flex-end">
        {dismissLabel !== null && (
          <Button variant={informs ? 'filled' : 'default'} onClick={onClose} data-autofocus={focusDismiss || undefined}>
            {dismissLabel}
          </Button>
        )}
        {actions}
        {actionLabel !== undefined && (
          <Button
            type={asForm ? 'submit' : 'button'}
            color={actionColor}
            loading={loading ?? false}
            disabled={actionDisabled}
            aria-describedby={actionDescribedBy}
            onClick={asForm ? undefined : onAction}
            data-autofocus={focusAction || undefined}
          >
            {actionLabel}
          </Button>
        )}
      </Group>
    ) : null;
  const content = (
    <Stack gap="md">
      {children}
      {error ? <ApiErrorAlert error={error} isShownInline={isShownInline} /> : null}
      {footer}
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
            onAction?.();
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
