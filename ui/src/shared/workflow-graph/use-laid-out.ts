import { useEffect, useState } from 'react';
import { layoutWorkflow, needsLayout } from './layout';
import type { PacketWorkflowDefinition } from './packet-workflow';

/** The definition with every step placed: as stored when it was drawn, else laid out by elk once. */
export function useLaidOut(definition: PacketWorkflowDefinition): PacketWorkflowDefinition | null {
  const [placed, setPlaced] = useState<{ from: PacketWorkflowDefinition; to: PacketWorkflowDefinition } | null>(null);
  const missing = needsLayout(definition);
  useEffect(() => {
    if (!missing) return;
    let live = true;
    void layoutWorkflow(definition).then((positions) => {
      if (!live) return;
      setPlaced({
        from: definition,
        to: {
          ...definition,
          steps: definition.steps.map((s) => ({ ...s, position: positions[s.id] ?? { x: 0, y: 0 } })),
        },
      });
    });
    return () => {
      live = false;
    };
  }, [definition, missing]);
  if (!missing) return definition;
  return placed?.from === definition ? placed.to : null;
}
