import { Text, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ERRORS } from '../../../../domain/errors';
import { DialogModal } from '../../shared/DialogModal';

interface Props {
  opened: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  /** The button that closes without acting; it needs its own name when the action itself is a cancel. */
  dismissLabel?: string;
  confirmColor?: string;
  loading?: boolean;
  error?: unknown;
  /** Extra fields above the reason (the reassign modal's person picker). */
  children?: ReactNode;
  canConfirm?: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/**
 * Every console action asks first and needs a reason (kept in the audit log). Cancel has focus first so Enter
 * never fires an action by accident.
 */
export function ReasonModal({
  opened,
  title,
  body,
  confirmLabel,
  dismissLabel = 'Cancel',
  confirmColor = 'red.9',
  loading,
  error,
  children,
  canConfirm = true,
  onConfirm,
  onClose,
}: Props) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';
  const close = () => {
    setReason('');
    setTouched(false);
    onClose();
  };
  return (
    <DialogModal
      opened={opened}
      onClose={close}
      title={title}
      actionLabel={confirmLabel}
      actionColor={confirmColor}
      onAction={() => {
        setTouched(true);
        if (!missing && canConfirm) onConfirm(reason.trim());
      }}
      loading={loading}
      actionDisabled={!canConfirm}
      dismissLabel={dismissLabel}
      error={error}
      asForm
      focusDismiss
    >
      <Text size="sm">{body}</Text>
      {children}
      <Textarea
        label="Reason"
        description="Kept in the audit log with your name."
        withAsterisk
        autosize
        minRows={2}
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        onBlur={() => setTouched(true)}
        error={touched && missing ? ERRORS.REASON_REQUIRED.message : undefined}
      />
    </DialogModal>
  );
}
