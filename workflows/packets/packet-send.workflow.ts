import * as wf from '@temporalio/workflow';
import type { PacketSendActivities } from '../../activities/packets/packet-send.activities';
import type { SendTiming } from '../../domain/packet-send';
import { markStep, tagProcess } from '../shared/search-attributes';

/**
 * One send of a packet (id `packet-send:<sentPacketId>`): the API has written the sent packet and one submission row
 * per recipient; this workflow starts their submission workflows and opens every recipient's first step, 100
 * recipients per activity and several activities at a time. Each batch starts its workflows, then writes their first
 * steps in one transaction (so a task is never listed before its workflow runs): a thousand recipients cost a few
 * dozen transactions rather than a thousand, and each submission workflow begins already waiting on people. Durable: a crash mid-send resumes at the batch it was
 * on, and every write and start is keyed, so nothing happens twice.
 */
export interface PacketSendInput {
  schoolId: string;
  sentPacketId: string;
  total: number;
  timing?: SendTiming;
}

export interface PacketSendProgress {
  total: number;
  started: number;
  finished: boolean;
}

export const PACKET_SEND_BATCH = 100;
export const PACKET_SEND_PARALLEL_BATCHES = 4;

export const packetSendProgressQuery = wf.defineQuery<PacketSendProgress>('packetSendProgress');

const acts = wf.proxyActivities<PacketSendActivities>({
  startToCloseTimeout: '5 minutes',
  // A killed worker's batch is picked up again within seconds (the activity heartbeats per workflow started).
  heartbeatTimeout: '15 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds' },
});

export async function packetSendWorkflow(input: PacketSendInput): Promise<PacketSendProgress> {
  const progress: PacketSendProgress = { total: input.total, started: 0, finished: false };
  wf.setHandler(packetSendProgressQuery, () => ({ ...progress }));
  tagProcess({ schoolId: input.schoolId, module: 'packet-send', entityId: input.sentPacketId });
  markStep('start-submissions', null);
  const offsets: number[] = [];
  for (let offset = 0; offset < input.total; offset += PACKET_SEND_BATCH) offsets.push(offset);
  let next = 0;
  const lane = async () => {
    while (next < offsets.length) {
      const offset = offsets[next++]!;
      const started = await acts.startSendBatch({
        schoolId: input.schoolId,
        sentPacketId: input.sentPacketId,
        offset,
        limit: PACKET_SEND_BATCH,
        timing: input.timing ?? {},
      });
      progress.started += started;
    }
  };
  await Promise.all(Array.from({ length: Math.min(PACKET_SEND_PARALLEL_BATCHES, offsets.length) }, lane));
  progress.finished = true;
  markStep('done', null);
  return progress;
}
