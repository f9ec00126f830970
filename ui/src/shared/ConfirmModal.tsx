import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DialogModal } from './DialogModal';

interface Props {
  opened: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  loading?: boolean;
  /** Defaults to red: most confirmations guard a destructive action. */
  confirmColor?: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a destructive action; Cancel has focus first so Enter never destroys by accident. */
export function ConfirmModal({
  opened,
  title,
  body,
  confirmLabel,
  loading,
  confirmColor = 'red.9',
  onConfirm,
  onClose,
}: Props) {
  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title={title}
      actionLabel={confirmLabel}
      actionColor={confirmColor}
      onAction={onConfirm}
      loading={loading}
      focusDismiss
    >
      <Text size="sm">{body}</Text>
    </DialogModal>
  );
}
