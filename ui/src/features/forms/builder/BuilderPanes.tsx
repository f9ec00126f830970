import {
  closestCenter,
  DndContext,
  DragOverlay,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { Alert, Card, Stack, Text } from '@mantine/core';
import { useRef, useState, type Dispatch, type ReactNode } from 'react';
import type { ElementType, FormVersion } from '../../../../../form-engine';
import { BuilderCanvas, CANVAS_ID } from './BuilderCanvas';
import { elementTitle } from './CanvasElement';
import type { BuilderProblem } from './builder-problems';
import type { BuilderAction } from './builder-state';
import classes from './builder.module.css';
import { findDropIndex } from './drop-position';
import { ELEMENT_LABELS, type PaletteGroup } from './element-catalog';
import { ElementPalette, PALETTE_PREFIX } from './ElementPalette';

interface Props {
  draft: FormVersion;
  selectedId: string | null;
  problems: readonly BuilderProblem[];
  paletteGroups: readonly PaletteGroup[];
  locked: boolean;
  /** A message shown above the canvas (e.g. the short form's question limit). */
  notice: ReactNode;
  /** The imported PDF, shown beside the fields. */
  documentPane?: ReactNode;
  side: ReactNode;
  onAdd: (type: ElementType, index?: number) => void;
  dispatch: Dispatch<BuilderAction>;
}

function paletteType(id: string | number): ElementType | null {
  const text = String(id);
  return text.startsWith(PALETTE_PREFIX) ? (text.slice(PALETTE_PREFIX.length) as ElementType) : null;
}

/**
 * A palette item only lands where the pointer is; a canvas card being sorted snaps to the closest card, which is
 * what makes sorting forgiving.
 */
const detectCollision: CollisionDetection = (args) => {
  if (paletteType(args.active.id)) {
    const within = pointerWithin(args);
    const onCards = within.filter((c) => c.id !== CANVAS_ID);
    return onCards.length > 0 ? onCards : within;
  }
  return closestCenter({ ...args, droppableContainers: args.droppableContainers.filter((c) => c.id !== CANVAS_ID) });
};

/** What screen readers hear during a drag: element names, not internal ids. */
function describeDraggable(id: string | number, draft: FormVersion): string {
  const type = paletteType(id);
  if (type) return `new ${ELEMENT_LABELS[type]}`;
  const element = draft.elements.find((e) => e.id === id);
  return element ? elementTitle(element) : 'element';
}

function pointerY(event: DragMoveEvent | DragEndEvent): number | null {
  const start = event.activatorEvent as PointerEvent | null;
  return start && typeof start.clientY === 'number' ? start.clientY + event.delta.y : null;
}

/** The three panes — palette, canvas (with the document when there is one), settings — and drag and drop. */
export function BuilderPanes(props: Props) {
  const { draft, locked } = props;
  // A small distance keeps clicks on palette items and card buttons working as clicks.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const [dragging, setDragging] = useState<ElementType | null>(null);
  // Auto-scrolling while a palette item is dragged out of the sticky palette loses the drop target (the item's
  // scroll box and the page move differently), so only card reordering scrolls the page.
  const draggingFromPalette = useRef(false);
  const [autoScroll] = useState(() => ({ canScroll: () => !draggingFromPalette.current }));
  const [dropIndex, setDropIndex] = useState<number | null>(null);
  const ids = draft.elements.map((e) => e.id);

  const probe = (event: DragMoveEvent | DragEndEvent) =>
    findDropIndex(ids, {
      overId: event.over ? String(event.over.id) : null,
      pointerY: pointerY(event),
      overRect: event.over?.rect ?? null,
    });
  const onDragStart = (event: DragStartEvent) => {
    const type = paletteType(event.active.id);
    draggingFromPalette.current = type !== null;
    setDragging(type);
  };
  const onDragMove = (event: DragMoveEvent) => {
    if (!paletteType(event.active.id)) return;
    const next = event.over ? probe(event) : null;
    if (next !== dropIndex) setDropIndex(next);
  };
  const onDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    setDropIndex(null);
    const type = paletteType(event.active.id);
    if (type) {
      if (event.over) props.onAdd(type, probe(event));
      return;
    }
    const overId = event.over ? String(event.over.id) : null;
    if (!overId || overId === event.active.id || overId === CANVAS_ID) return;
    props.dispatch({
      type: 'request',
      edit: { type: 'move', elementId: String(event.active.id), toIndex: ids.indexOf(overId) },
    });
  };
  const onDragCancel = () => {
    setDragging(null);
    setDropIndex(null);
  };

  const name = (id: string | number) => describeDraggable(id, draft);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} is over ${over.id === CANVAS_ID ? 'the form' : name(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) => {
      if (!over) return `${name(active.id)} was not dropped.`;
      return paletteType(active.id) ? `${name(active.id)} was added to the form.` : `${name(active.id)} was moved.`;
    },
    onDragCancel: ({ active }) => `Dragging ${name(active.id)} was cancelled.`,
  };
  const dropBeforeId = dropIndex === null ? undefined : (ids[dropIndex] ?? null);
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={detectCollision}
      autoScroll={autoScroll}
      accessibility={{ announcements }}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
    >
      <div className={props.documentPane ? `${classes.panes} ${classes.panesWithDocument}` : classes.panes}>
        <Card
          withBorder
          padding="sm"
          className={classes.sticky}
          data-testid="element-palette"
          // Published, its buttons are disabled: the scroll box itself takes focus so the keyboard can scroll it.
          tabIndex={locked ? 0 : undefined}
        >
          <ElementPalette groups={props.paletteGroups} disabled={locked} onAdd={(type) => props.onAdd(type)} />
        </Card>
        {props.documentPane && (
          <Card
            withBorder
            padding="sm"
            className={classes.sticky}
            component="section"
            aria-label="Imported PDF"
            // A scroll box with no focusable content: focusable itself, so keyboard users can scroll the pages.
            tabIndex={0}
          >
            {props.documentPane}
          </Card>
        )}
        <Stack gap="sm">
          {props.notice}
          {locked && (
            <Alert color="gray" variant="light">
              <Text size="sm">Structure locked: elements cannot be added, moved or deleted.</Text>
            </Alert>
          )}
          <BuilderCanvas
            draft={draft}
            selectedId={props.selectedId}
            problems={props.problems}
            locked={locked}
            dropBeforeId={dropBeforeId}
            dispatch={props.dispatch}
          />
        </Stack>
        <div className={classes.side}>{props.side}</div>
      </div>
      <DragOverlay dropAnimation={null}>
        {dragging && <div className={classes.overlay}>{ELEMENT_LABELS[dragging]}</div>}
      </DragOverlay>
    </DndContext>
  );
}
