import { Button, Stack, Text, Tooltip } from '@mantine/core';
import type { DragEvent } from 'react';
import classes from './designer.module.css';
import type { PacketStepKind } from '../../../shared/workflow-graph/packet-workflow';
import { PALETTE_KINDS, STEP_KIND_INFO } from '../../../shared/workflow-graph/step-kinds';

export const STEP_DRAG_TYPE = 'application/x-packet-step';

/**
 * Step kinds to add: drag one onto the canvas to place it, or press it (mouse or keyboard) to add it after the
 * selected step, connected, and laid out.
 */
export function StepPalette({ disabled, onAdd }: { disabled?: boolean; onAdd: (kind: PacketStepKind) => void }) {
  const startDrag = (kind: PacketStepKind) => (event: DragEvent<HTMLButtonElement>) => {
    event.dataTransfer.setData(STEP_DRAG_TYPE, kind);
    event.dataTransfer.effectAllowed = 'move';
  };
  return (
    <Stack gap={6} role="group" aria-label="Add a step">
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        Add a step
      </Text>
      <div className={classes.palette}>
        {PALETTE_KINDS.map((kind) => (
          <Tooltip key={kind} label={STEP_KIND_INFO[kind].hint} position="right" openDelay={400}>
            <Button
              className={classes.paletteItem}
              variant="light"
              color={STEP_KIND_INFO[kind].color}
              size="xs"
              h="auto"
              py={6}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
              draggable={!disabled}
              disabled={disabled}
              onDragStart={startDrag(kind)}
              onClick={() => onAdd(kind)}
              data-testid={`palette-${kind}`}
              aria-label={`Add ${STEP_KIND_INFO[kind].label.toLowerCase()} step`}
            >
              + {STEP_KIND_INFO[kind].label}
            </Button>
          </Tooltip>
        ))}
      </div>
      <Text size="xs" c="dimmed">
        Drag onto the canvas, or press to add after the selected step.
      </Text>
    </Stack>
  );
}
