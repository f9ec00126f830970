import { condition, defineUpdate, setHandler, sleep } from '@temporalio/workflow';

/** The bare payment: answered in memory once its timer has passed, nothing written. */
export const floorPayUpdate = defineUpdate<number, [number]>('floorPay');

/**
 * The smallest schedule: `count` payments, each opening on its own durable timer at `firstMs + i × cycleMs` from the
 * start, each taken by one Update (refused by the validator until open); the run ends when all are taken. The floor a
 * contract's payment schedule is measured against: the same timers and Updates, with no row, task or audit behind
 * them.
 */
export async function scheduleFloorWorkflow(count: number, firstMs: number, cycleMs: number): Promise<void> {
  let opened = 0;
  const paid = new Set<number>();
  setHandler(
    floorPayUpdate,
    (seq) => {
      paid.add(seq);
      return seq;
    },
    {
      validator: (seq) => {
        if (seq < 1 || seq > opened) throw new Error('not open');
      },
    },
  );
  for (let i = 0; i < count; i++) {
    await sleep(i === 0 ? firstMs : cycleMs);
    opened = i + 1;
  }
  await condition(() => paid.size >= count);
}
