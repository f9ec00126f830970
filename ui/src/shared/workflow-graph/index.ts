/** The read-only / live workflow graph, shared by every feature (packets' live view, process maps, the console). */
export { ReadOnlyWorkflow, type ReadOnlyWorkflowProps } from './ReadOnlyWorkflow';
export { FIXED_PROCESSES, type FixedProcess } from './fixed-processes';
export { disclosureRuns, invitationRuns, type DisclosureState } from './process-runs';
export { RUN_STATUS_INFO, describeRun } from './run-status';
export type { PacketWorkflowDefinition, StepRunState } from './packet-workflow';
