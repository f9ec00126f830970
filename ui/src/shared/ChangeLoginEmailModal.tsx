import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorMessage, fieldErrors } from './api';

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
    mutationFn: (body: { email: string }) => api.post<{ pendingEmail: string; expiresAt: string }>(url, body),
  });
  const close = () => {
    setEmail('');
    change.reset();
    onClose();
  };
  const fieldError = change.error ? fieldErrors(change.error).email : undefined;
  return (
    <Modal opened={opened} onClose={close} title={`Change the login e-mail of ${name}`}>
      {change.isSuccess ? (
        <Stack>
          <Alert color="teal" variant="light" role="status">
            A link to confirm was sent to {change.data.pendingEmail}. The login changes once it is confirmed (within 24
            hours); mail still waiting for {name}, such as a welcome letter to retry, then goes there.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          aria-label="Change the login e-mail"
          onSubmit={(e) => {
            e.preventDefault();
            change.mutate({ email: email.trim() });
          }}
        >
          <Stack>
            <Text size="sm">Now: {currentEmail}</Text>
            <TextInput
              label="New login e-mail"
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={fieldError}
            />
            {change.error && !fieldError && (
              <Alert color="red" variant="light" role="alert">
                {errorMessage(change.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={change.isPending} disabled={!email.trim()}>
                Send the confirmation link
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
