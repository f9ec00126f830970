import { condition, defineUpdate, setHandler } from '@temporalio/workflow';

/** The bare Update: answered in memory, with nothing written and nothing scheduled. */
export const floorUpdate = defineUpdate<number, [number]>('floorUpdate');

/**
 * The smallest workflow a person acts on: it waits for one Update and answers it; then it ends, or with `keepOpen` it
 * goes on waiting. The floor a person's action on a packet submission is measured against.
 */
export async function waitingWorkflow(keepOpen: boolean): Promise<void> {
  let answered = false;
  setHandler(floorUpdate, (n) => {
    answered = true;
    return n + 1;
  });
  await condition(() => answered && !keepOpen);
}
