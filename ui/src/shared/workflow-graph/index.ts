/** The read-only / live workflow graph, shared by every feature (packets' live view, process maps, the console). */
export { ReadOnlyWorkflow, type ReadOnlyWorkflowProps } from './ReadOnlyWorkflow';
export { FIXED_PROCESSES, type FixedProcess } from './fixed-processes';
export {
  caraLogRuns,
  disclosureRuns,
  invitationRuns,
  psaTransferRuns,
  reviewCycleRuns,
  rosterRolloverRuns,
  type CycleFacts,
  type DisclosureState,
} from './process-runs';
export { processDrawing, type ProcessDrawing, type ProcessGraphState } from './process-drawing';
export { ProcessStanding, WhereItStands } from './ProcessStanding';
export { RUN_STATUS_INFO, describeRun } from './run-status';
export type { PacketWorkflowDefinition, StepRunState } from './packet-workflow';
