import { isStepEnabled, slotsOf, waitingOnOf, type ActorSlot, type PacketStep } from '../../../domain/packet-workflow';
import { markStep } from '../../shared/search-attributes';
import { STATE_WITH_NEXT_WRITE_PATCH } from './generations';
import { copySteps, isoNow, setStep, stepState, type Phase, type SubmissionRun } from './run';
import { waitAtStep } from './step-wait';
import { changeRequestRow, recordSent, stateWrite, takePendingActions, writePendingActions } from './writes';

/**
 * The step loop: walks the frozen workflow's steps in order. A step whose condition is false is skipped, a
 * notification step mails its receivers, and a step with actors is opened (tasks, links, mails), waited at until
 * its actors have acted, and concluded: onwards, back to the step a change request names, or out on a rejection.
 * The loop also ends when the run closes (voided or expired); the ending is written by ending.ts.
 */
export async function runSteps(run: SubmissionRun): Promise<void> {
  let index = 0;
  while (index < run.ordered.length && !run.closing) {
    const step = run.ordered[index]!;
    if (!isStepEnabled(step, run.answers, run.lastToday)) {
      setStep(run, step.id, { status: 'SKIPPED', since: isoNow() });
      await stateWrite(run, {
        event: { kind: 'STEP_SKIPPED', key: `${step.id}#${run.round}:skipped`, stepId: step.id },
      });
      index += 1;
      continue;
    }
    const slots = slotsOf(step, run.input.recipientUserId);
    if (step.kind === 'EMAIL_NOTIFICATION' || slots.length === 0) {
      await passStep(run, step, slots);
      index += 1;
      continue;
    }
    const { current, remindFrom } = await openStep(run, step, slots);
    await waitAtStep(run, current, remindFrom);
    if (run.closing) break;
    const next = await concludeStep(run, current, index);
    if (next === null) break;
    index = next;
  }
}

/** A step nobody acts on: a notification step mails its receivers and is done; one without actors is skipped. */
async function passStep(run: SubmissionRun, step: PacketStep, slots: ActorSlot[]): Promise<void> {
  if (step.kind === 'EMAIL_NOTIFICATION') {
    await recordSent(run);
    if (run.stateOwed || run.pendingActions.length > 0) await stateWrite(run);
    await run.records.notifyReceivers({
      ...run.ref,
      phaseKey: `${step.id}#${run.round}`,
      stepName: step.name,
      slots,
      packetName: run.input.packetName,
    });
  }
  setStep(run, step.id, {
    status: step.kind === 'EMAIL_NOTIFICATION' ? 'DONE' : 'SKIPPED',
    since: isoNow(),
    doneAt: isoNow(),
  });
  await stateWrite(run);
}

/**
 * Opens a step for its actors: one write of the whole state with the step's tasks, links and mails (the SENT event
 * and the actions taken so far with it). Returns the open phase and when its reminders count from.
 */
async function openStep(
  run: SubmissionRun,
  step: PacketStep,
  slots: ActorSlot[],
): Promise<{ current: Phase; remindFrom: number }> {
  const { input } = run;
  const current: Phase = {
    stepId: step.id,
    key: `${step.id}#${run.round}`,
    step,
    slots,
    acted: new Set(),
    inFlight: new Set(),
    ready: false,
    decision: null,
    anyApproval: false,
  };
  run.phase = current;
  run.firstStepReached = true;
  // The send opened this first step for every recipient at once (packet-send workflow): nothing left to write.
  const preOpened = !run.sentRecorded && run.round === 0 && input.firstPhaseOpened?.stepId === step.id;
  const since = preOpened ? input.firstPhaseOpened!.since : isoNow();
  setStep(run, step.id, { status: 'ACTIVE', since, waitingOn: slots.map((s) => s.label) });
  const withSent = !run.sentRecorded;
  run.sentRecorded = true;
  // Opening the step writes the whole state, a done step's owed state with it.
  run.stateOwed = false;
  if (!preOpened)
    await run.records.openPhase({
      ...run.ref,
      sentPacketId: input.sentPacketId,
      packetName: input.packetName,
      recipientUserId: input.recipientUserId,
      phaseKey: current.key,
      stepId: step.id,
      stepName: step.name,
      stepKind: step.kind,
      slots,
      round: run.round,
      status: run.status,
      steps: copySteps(run),
      expiresAt: new Date(run.expiresAt).toISOString(),
      notify: input.notify,
      changeRequest: changeRequestRow(run),
      ...(withSent ? { recordSent: true } : {}),
      ...takePendingActions(run),
    });
  current.ready = true;
  // From generation 2 the send started a pre-opened run with these search attributes already set.
  if (!(preOpened && run.generation2)) markStep(step.name, waitingOnOf(slots));
  return { current, remindFrom: preOpened && input.expiresAt ? Date.parse(since) : Date.now() };
}

/**
 * Concludes a resolved step and returns the index of the next step, or null when the run ends here (rejected).
 * A change request sends the run back to the step it names, in a new round.
 */
async function concludeStep(run: SubmissionRun, current: Phase, index: number): Promise<number | null> {
  const step = current.step;
  const doneAt = isoNow();
  const last = stepState(run, step.id);
  if (current.decision === 'REJECTED') {
    setStep(run, step.id, { ...last, status: 'DONE', decision: 'REJECTED', doneAt });
    run.status = 'REJECTED';
    run.phase = null;
    return null;
  }
  const changeRequest = run.changeRequest;
  if (current.decision === 'CHANGE_REQUESTED' && changeRequest) {
    setStep(run, step.id, { ...last, status: 'DONE', decision: 'CHANGE_REQUESTED', doneAt });
    const target = run.ordered.findIndex((s) => s.id === changeRequest.targetStepId);
    for (let i = target; i <= index; i++) setStep(run, run.ordered[i]!.id, { status: 'PENDING' });
    run.doneSubmitterSteps.delete(changeRequest.targetStepId);
    run.round += 1;
    run.status = 'CHANGE_REQUESTED';
    // The request's own task is done before the step's other tasks are cancelled.
    if (run.pendingActions.length > 0) await writePendingActions(run);
    await run.records.cancelPhaseTasks({
      ...run.ref,
      phaseKey: current.key,
      slotKeys: current.slots.map((s) => s.key),
    });
    run.phase = null;
    await stateWrite(run, {
      event: { kind: 'STATUS', key: `${current.key}:sent-back`, stepId: step.id, details: { status: run.status } },
    });
    return target;
  }
  const decision = step.kind === 'SUBMITTER' || step.kind === 'EXTERNAL_SIGNER' ? 'SUBMITTED' : 'APPROVED';
  setStep(run, step.id, { ...last, status: 'DONE', decision, doneAt });
  if (step.kind === 'SUBMITTER') {
    run.doneSubmitterSteps.add(step.id);
    run.status = run.round > 0 ? 'RESUBMITTED' : 'SUBMITTED';
    run.changeRequest = null;
  }
  run.phase = null;
  if (run.patched(STATE_WITH_NEXT_WRITE_PATCH)) run.stateOwed = true;
  else await stateWrite(run);
  return index + 1;
}
