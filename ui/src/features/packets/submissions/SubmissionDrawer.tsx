import { Drawer } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { SubmissionView } from './SubmissionView';

/** The submission named by `?submission=` in a drawer over the list, so lists keep their filters and scroll. */
export function SubmissionDrawer() {
  const [params, setParams] = useSearchParams();
  const id = params.get('submission');
  const progress = params.get('view') === 'progress';
  const close = () =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete('submission');
      next.delete('view');
      return next;
    });
  return (
    <Drawer
      opened={!!id}
      onClose={close}
      position="right"
      size="min(960px, 100%)"
      title="Submission"
      closeButtonProps={{ 'aria-label': 'Close the submission' }}
    >
      {id && <SubmissionView submissionId={id} focusProgress={progress} />}
    </Drawer>
  );
}

/** Opens a submission in the drawer; `progress` brings its live workflow view into sight first. */
export function useOpenSubmission() {
  const [, setParams] = useSearchParams();
  return (id: string, options: { progress?: boolean } = {}) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('submission', id);
      if (options.progress) next.set('view', 'progress');
      else next.delete('view');
      return next;
    });
}
