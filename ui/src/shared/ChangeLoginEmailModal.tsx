import { Alert, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Static } from 'typebox';
import type { EmailChangeBody, EmailChangeRequested } from '../../../api/users/email-change.schemas';
import { api, fieldErrors } from './api';
import { DialogModal } from './DialogModal';

/**
 * Changes a student-athlete's login e-mail (issue 35: the fix for a bounced welcome letter). The new address gets a
 * link to confirm; until it is confirmed the login stays the old one. `url` is the admin's or the operator's route.
 */
export function ChangeLoginEmailModal({
  opened,
  onClose,
  url,
  name,
  currentEmail,
}: {
  opened: boolean;
  onClose: () => void;
  url: string;
  name: string;
  currentEmail: string;
}) {
  const [email, setEmail] = useState('');
  const change = useMutation({
    mutationFn: (body: Static<typeof EmailChangeBody>) => api.post<Static<typeof EmailChangeRequested>>(url, body),
  });
  const close = () => {
    setEmail('');
    change.reset();
    onClose();
  };
  const fieldError = change.error ? fieldErrors(change.error).email : undefined;
  const sent = change.isSuccess;
  return (
    <DialogModal
      opened={opened}
      onClose={close}
      title={`Change the login e-mail of ${name}`}
      // Once the link is sent the dialog only informs: Done closes it.
      {...(sent
        ? { dismissLabel: 'Done' }
        : {
            asForm: true,
            formLabel: 'Change the login e-mail',
            actionLabel: 'Send the confirmation link',
            actionDisabled: !email.trim(),
            loading: change.isPending,
            onAction: () => change.mutate({ email: email.trim() }),
            // A refused address shows next to its field; anything else above the buttons.
            error: fieldError ? undefined : change.error,
          })}
    >
      {sent ? (
        <Alert color="teal" variant="light" role="status">
          A link to confirm was sent to {change.data.pendingEmail}. The login changes once it is confirmed (within 24
          hours); mail still waiting for {name}, such as a welcome letter to retry, then goes there.
        </Alert>
      ) : (
        <>
          <Text size="sm">Now: {currentEmail}</Text>
          <TextInput
            label="New login e-mail"
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fieldError}
          />
        </>
      )}
    </DialogModal>
  );
}
