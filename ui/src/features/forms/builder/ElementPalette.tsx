import { useDraggable } from '@dnd-kit/core';
import { Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { ElementType } from '../../../../../form-engine';
import { ELEMENT_LABELS, type PaletteGroup } from './element-catalog';
import classes from './builder.module.css';

export const PALETTE_PREFIX = 'palette:';

interface Props {
  groups: readonly PaletteGroup[];
  disabled: boolean;
  onAdd: (type: ElementType) => void;
}

/**
 * Every element type, grouped. Each item can be dragged onto the canvas (pointer) or added at the end with a click
 * or Enter (keyboard users), which is why items are real buttons and the drag uses the pointer sensor only.
 */
export function ElementPalette({ groups, disabled, onAdd }: Props) {
  return (
    <nav aria-label="Form elements">
      <Stack gap="md">
        <Text size="xs" c="dimmed">
          Drag an element onto the form, or press it to add it at the end.
        </Text>
        {groups.map((group) => (
          <Stack key={group.title} gap={4}>
            <Title order={3} size="h6" c="dimmed" tt="uppercase">
              {group.title}
            </Title>
            <ul className={classes.paletteList} aria-label={group.title}>
              {group.types.map((type) => (
                <li key={type}>
                  <PaletteItem type={type} disabled={disabled} onAdd={onAdd} />
                </li>
              ))}
            </ul>
          </Stack>
        ))}
      </Stack>
    </nav>
  );
}

function PaletteItem({ type, disabled, onAdd }: { type: ElementType; disabled: boolean; onAdd: Props['onAdd'] }) {
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: `${PALETTE_PREFIX}${type}`,
    data: { source: 'palette', type },
    disabled,
  });
  return (
    <UnstyledButton
      ref={setNodeRef}
      {...listeners}
      className={classes.paletteItem}
      data-dragging={isDragging || undefined}
      data-testid={`palette-${type}`}
      aria-label={`Add ${ELEMENT_LABELS[type]}`}
      disabled={disabled}
      onClick={() => onAdd(type)}
    >
      <span aria-hidden="true" className={classes.grip}>
        ⠿
      </span>
      {ELEMENT_LABELS[type]}
    </UnstyledButton>
  );
}
