import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Text } from '@mantine/core';
import type { Dispatch } from 'react';
import type { FormVersion } from '../../../../../form-engine';
import type { BuilderAction } from './builder-state';
import classes from './builder.module.css';
import { problemsOf, type BuilderProblem } from './builder-problems';
import { CanvasElement } from './CanvasElement';

export const CANVAS_ID = 'canvas';

interface Props {
  draft: FormVersion;
  selectedId: string | null;
  problems: readonly BuilderProblem[];
  locked: boolean;
  /** While a palette item is dragged: the element it would land before (null = at the end). */
  dropBeforeId: string | null | undefined;
  dispatch: Dispatch<BuilderAction>;
}

/** The form being built: a sortable list, and the drop zone for palette items. */
export function BuilderCanvas({ draft, selectedId, problems, locked, dropBeforeId, dispatch }: Props) {
  const { setNodeRef, isOver } = useDroppable({ id: CANVAS_ID, disabled: locked });
  const ids = draft.elements.map((e) => e.id);
  return (
    <section
      ref={setNodeRef}
      className={classes.canvas}
      data-over={isOver || dropBeforeId !== undefined || undefined}
      aria-label="Form canvas"
      data-testid="form-canvas"
    >
      {draft.elements.length === 0 ? (
        <Text c="dimmed" ta="center" py={80} size="sm">
          {locked ? 'This form has no elements.' : 'Drag elements here from the palette, or press one to add it.'}
        </Text>
      ) : (
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol className={classes.canvasList} aria-label="Form elements in order">
            {draft.elements.map((element, index) => (
              <CanvasElement
                key={element.id}
                element={element}
                index={index}
                count={draft.elements.length}
                selected={element.id === selectedId}
                problemCount={problemsOf(problems, element.id).length}
                ruleCount={draft.conditions.filter((r) => r.target === element.id).length}
                locked={locked}
                dropBefore={dropBeforeId === element.id}
                dispatch={dispatch}
              />
            ))}
          </ol>
        </SortableContext>
      )}
    </section>
  );
}
