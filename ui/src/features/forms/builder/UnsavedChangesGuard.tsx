import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmModal } from '../../../shared/ConfirmModal';

/** Asks before leaving the builder (in-app link or closing the tab) while the draft has unsaved changes. */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      `${currentLocation.pathname}${currentLocation.search}` !== `${nextLocation.pathname}${nextLocation.search}`,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return (
    <ConfirmModal
      opened={blocker.state === 'blocked'}
      title="Leave without saving?"
      body="The changes made since the last save will be lost."
      confirmLabel="Leave without saving"
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}
