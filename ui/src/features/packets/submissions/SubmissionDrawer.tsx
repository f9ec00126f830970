import { Drawer } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { SubmissionView } from './SubmissionView';

/** The submission named by `?submission=` in a drawer over the list, so lists keep their filters and scroll. */
export function SubmissionDrawer() {
  const [params, setParams] = useSearchParams();
  const id = params.get('submission');
  const close = () =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete('submission');
      return next;
    });
  return (
    <Drawer
      opened={!!id}
      onClose={close}
      position="right"
      size="min(960px, 100%)"
      title="Submission"
      closeButtonProps={{ 'aria-label': 'Close submission' }}
    >
      {id && <SubmissionView submissionId={id} />}
    </Drawer>
  );
}

export function useOpenSubmission() {
  const [, setParams] = useSearchParams();
  return (id: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('submission', id);
      return next;
    });
}
