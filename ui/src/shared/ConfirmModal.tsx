import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

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
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack gap="lg">
        <Text size="sm">{body}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
