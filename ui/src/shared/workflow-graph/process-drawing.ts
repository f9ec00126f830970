/**
 * What a process' live graph draws, from the state the API reads (the console's graph DTO, also served to the
 * record's own page): a packet submission's own workflow, or a fixed process' map with each step's state. One
 * function, so the console and the record pages show the same picture.
 */
import { FIXED_PROCESSES, type FixedProcess } from './fixed-processes';
import type { PacketWorkflowDefinition, StepRunState } from './packet-workflow';
import {
  caraLogRuns,
  disclosureRuns,
  invitationRuns,
  psaTransferRuns,
  rosterRolloverRuns,
  type CycleFacts,
} from './process-runs';

export type ProcessGraphKind =
  'packet-submission' | 'disclosure' | 'invitation' | 'roster-rollover' | 'cara-log' | 'psa-transfer';

/** The graph DTO as the page receives it (optional fields per kind). */
export interface ProcessGraphState extends CycleFacts {
  kind: ProcessGraphKind;
  status: string;
  updatedAt: string;
  definition?: unknown;
  steps?: unknown[];
  archived?: boolean;
  reviewer?: string | null;
  athlete?: string | null;
}

export interface ProcessDrawing {
  definition: PacketWorkflowDefinition;
  runs: StepRunState[];
  label: string;
  edgeLabels?: Record<string, string>;
}

const MAP_OF: Partial<Record<ProcessGraphKind, FixedProcess['key']>> = {
  disclosure: 'disclosure-review',
  invitation: 'invitation',
  'roster-rollover': 'roster-rollover',
  'cara-log': 'cara-log',
  'psa-transfer': 'psa-transfer',
};

/** A fixed process' captions, each loop's caption telling how often the record went back along it. */
export function loopCaptions(process: FixedProcess, loopsTaken: number): Record<string, string> {
  if (loopsTaken <= 0) return process.edgeLabels;
  const times = `${loopsTaken} ${loopsTaken === 1 ? 'time' : 'times'}`;
  return Object.fromEntries(Object.entries(process.edgeLabels).map(([id, caption]) => [id, `${caption} · ${times}`]));
}

export function runsOf(graph: ProcessGraphState): StepRunState[] {
  switch (graph.kind) {
    case 'packet-submission':
      return (graph.steps ?? []) as StepRunState[];
    case 'disclosure':
      return disclosureRuns({
        status: graph.status,
        archived: graph.archived ?? false,
        reviewer: graph.reviewer ?? null,
        athlete: graph.athlete ?? null,
        updatedAt: graph.updatedAt,
      });
    case 'invitation':
      return invitationRuns(graph.status, graph.updatedAt);
    case 'roster-rollover':
      return rosterRolloverRuns(graph);
    case 'cara-log':
      return caraLogRuns(graph);
    case 'psa-transfer':
      return psaTransferRuns(graph);
  }
}

export function processDrawing(graph: ProcessGraphState | null | undefined): ProcessDrawing | null {
  if (!graph) return null;
  if (graph.kind === 'packet-submission') {
    if (!graph.definition) return null;
    return {
      definition: graph.definition as PacketWorkflowDefinition,
      runs: runsOf(graph),
      label: "Live view of this submission's workflow",
    };
  }
  const process = FIXED_PROCESSES.find((p) => p.key === MAP_OF[graph.kind]);
  if (!process) return null;
  return {
    definition: process.definition,
    runs: runsOf(graph),
    label: `${process.title} process map`,
    edgeLabels: loopCaptions(process, graph.loopsTaken ?? 0),
  };
}
