import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onSubmissionChanged } from '../../../shared/realtime-events';
import { useSubmission } from '../packets.api';

/** One submission, refetched whenever the app's WebSocket announces that it changed (the live view moves by itself). */
export function useLiveSubmission(id: string | null) {
  const query = useSubmission(id);
  const { refetch } = query;
  const client = useQueryClient();
  useEffect(() => {
    if (!id) return;
    return onSubmissionChanged((change) => {
      if (change.submissionId !== id) return;
      void refetch();
      // The list behind the drawer shows the same submission's status.
      void client.invalidateQueries({ queryKey: ['packets', 'submissions'] });
    });
  }, [id, refetch, client]);
  return query;
}
