import { Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DialogModal } from './DialogModal';

/** A decide mutation of either event list (calendar or recruiting): rejects one event with a reason. */
interface RejectMutation {
  mutate: (input: { id: string; decision: 'REJECT'; reason: string }, options: { onSuccess: () => void }) => void;
  isPending: boolean;
  error: unknown;
}

/** Rejecting an event asks for the reason the coach will read (at most 50 words, checked by the server). */
export function RejectEventModal({
  event,
  decide,
  dismissLabel = 'Cancel',
  onClose,
}: {
  /** The event to reject; null keeps the modal closed. */
  event: { id: string; name: string } | null;
  decide: RejectMutation;
  dismissLabel?: string;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const reject = () =>
    event &&
    decide.mutate(
      { id: event.id, decision: 'REJECT', reason },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `${event.name} rejected` });
          onClose();
        },
      },
    );
  return (
    <DialogModal
      opened={!!event}
      onClose={onClose}
      title={event ? `Reject ${event.name}` : 'Reject'}
      actionLabel="Reject"
      actionColor="red.9"
      onAction={reject}
      loading={decide.isPending}
      dismissLabel={dismissLabel}
      error={decide.error}
    >
      <Textarea
        label="Reason"
        description="The coach sees it. At most 50 words."
        required
        autosize
        minRows={3}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
      />
    </DialogModal>
  );
}
