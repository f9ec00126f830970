import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEventHandler, type PointerEventHandler } from 'react';
import { Link } from 'react-router';
import { BOARD_COLUMNS, type CommitmentStatus } from '../../../../domain/recruiting';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { Stars } from './Stars';
import { useMe } from '../../shared/session';
import { ErrorState, LoadingState } from '../../shared/states';
import { COMMITMENT_COLORS, COMMITMENT_STATUSES } from './recruiting-labels';
import { useBoard, useMoveCard, usePsaMeta, type Board, type BoardCard } from './recruiting.api';

const isColumn = (id: unknown): id is CommitmentStatus => BOARD_COLUMNS.includes(id as CommitmentStatus);

function columnOf(board: Board | undefined, cardId: string): CommitmentStatus | null {
  if (!board) return null;
  return BOARD_COLUMNS.find((c) => board[c].some((x) => x.id === cardId)) ?? null;
}

function Card_({ card, column }: { card: BoardCard; column: CommitmentStatus }) {
  const locked = column === 'ADDED_TO_ROSTER';
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: card.id,
    disabled: locked,
    data: { column },
  });
  const style = transform
    ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)`, zIndex: 10, position: 'relative' as const }
    : undefined;
  // The card follows the mouse from anywhere on it; the keyboard picks it up with its move button.
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      radius="sm"
      shadow={isDragging ? 'md' : undefined}
      style={{ ...style, cursor: locked ? 'default' : 'grab', touchAction: 'none' }}
      onPointerDown={locked ? undefined : (listeners?.onPointerDown as PointerEventHandler<HTMLDivElement> | undefined)}
      data-testid={`psa-card-${card.id}`}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap={4}>
        {/* A long name wraps inside the card instead of pushing the move handle out of it. */}
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Anchor
            component={Link}
            to={`/psaProfile/${card.id}`}
            size="sm"
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
            onPointerDown={(e) => e.stopPropagation()}
          >
            {card.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {[card.position, card.graduationYear ? `Class of ${card.graduationYear}` : null, card.highSchoolName]
              .filter(Boolean)
              .join(' · ') || 'No details yet'}
          </Text>
          <Group gap={4}>
            {card.rating ? <Stars value={card.rating} /> : null}
            {card.transferStatus === 'PENDING' && (
              <Badge size="xs" color="orange" variant="light">
                Transfer waiting
              </Badge>
            )}
            {card.tags.slice(0, 3).map((t) => (
              <Badge key={t} size="xs" variant="outline" color="gray">
                {t}
              </Badge>
            ))}
          </Group>
        </Stack>
        {!locked && (
          <UnstyledButton
            ref={setActivatorNodeRef}
            {...attributes}
            onKeyDown={listeners?.onKeyDown as KeyboardEventHandler<HTMLButtonElement> | undefined}
            aria-roledescription="draggable prospect card"
            aria-label={`Move ${card.name}, ${COMMITMENT_STATUSES[column]}`}
            px={6}
            py={2}
            style={{ borderRadius: 4, lineHeight: 1, cursor: 'grab', flexShrink: 0 }}
          >
            <Text span size="sm" c="dimmed" aria-hidden>
              ⠿
            </Text>
          </UnstyledButton>
        )}
      </Group>
    </Paper>
  );
}

function Column({ status, cards }: { status: CommitmentStatus; cards: BoardCard[] }) {
  const { setNodeRef, isOver } = useDroppable({ id: status, disabled: status === 'ADDED_TO_ROSTER' });
  return (
    <Card
      ref={setNodeRef}
      withBorder
      p="sm"
      miw={176}
      bg={isOver ? 'blue.0' : undefined}
      role="region"
      aria-label={`${COMMITMENT_STATUSES[status]} column`}
      style={{ flex: '1 1 0', minWidth: 176 }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h5">
            {COMMITMENT_STATUSES[status]}
          </Title>
          <Badge color={COMMITMENT_COLORS[status]} variant="light" aria-label={countOf(cards.length, 'prospect')}>
            {cards.length}
          </Badge>
        </Group>
        {cards.length === 0 && (
          <Text size="xs" c="dimmed">
            {status === 'ADDED_TO_ROSTER' ? 'Prospects arrive here when a transfer is approved.' : 'No prospects.'}
          </Text>
        )}
        {cards.map((c) => (
          <Card_ key={c.id} card={c} column={status} />
        ))}
      </Stack>
    </Card>
  );
}

/** The recruiting board: prospects in columns by commitment status, moved with the mouse or the keyboard. */
export function RecruitingBoardPage() {
  const me = useMe();
  const listPath = me.portal === 'coach' ? '/coach/psaManagement' : '/admin/psaManagement';
  const [team, setTeam] = useState<string | null>(null);
  const meta = usePsaMeta();
  const board = useBoard(team);
  const move = useMoveCard();
  const client = useQueryClient();
  const [lastMove, setLastMove] = useState('');
  const keyColumn = useRef<CommitmentStatus | null>(null);
  const columns = board.data?.columns;

  // Arrow keys jump a picked-up card to the next or previous column.
  const coordinateGetter: KeyboardCoordinateGetter = (event, { context }) => {
    const { active, droppableRects } = context;
    if (!active) return undefined;
    const dir =
      event.code === 'ArrowRight' || event.code === 'ArrowDown'
        ? 1
        : event.code === 'ArrowLeft' || event.code === 'ArrowUp'
          ? -1
          : 0;
    if (!dir) return undefined;
    event.preventDefault();
    // The column the keyboard has taken the card to so far (set when it is picked up).
    const from = keyColumn.current ?? columnOf(columns, String(active.id));
    if (!from) return undefined;
    const targets: CommitmentStatus[] = BOARD_COLUMNS.filter((c) => c !== 'ADDED_TO_ROSTER');
    const at = targets.indexOf(from);
    const next = targets[Math.min(targets.length - 1, Math.max(0, (at < 0 ? targets.length - 1 : at) + dir))]!;
    const rect = droppableRects.get(next);
    if (!rect) return undefined;
    keyColumn.current = next;
    return { x: rect.left + 12, y: rect.top + 40 };
  };
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );

  const nameOf = (id: unknown) =>
    BOARD_COLUMNS.flatMap((c) => columns?.[c] ?? []).find((x) => x.id === id)?.name ?? 'Prospect';
  const label = (id: unknown) => (isColumn(id) ? COMMITMENT_STATUSES[id] : 'no column');
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) => `${nameOf(active.id)} is over ${label(over?.id)}.`,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} moved to ${label(over.id)}.` : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  const onDragEnd = ({ active, over, activatorEvent }: DragEndEvent) => {
    if (!over || !columns || !isColumn(over.id)) return;
    const id = String(active.id);
    const from = columnOf(columns, id);
    const to = over.id;
    if (!from || from === to) return;
    const card = columns[from].find((c) => c.id === id)!;
    // Shown at once; the server's answer (or its refusal) settles it.
    client.setQueryData<{ columns: Board }>(['psas', 'board', team], (old) =>
      old
        ? {
            columns: {
              ...old.columns,
              [from]: old.columns[from].filter((c) => c.id !== id),
              [to]: [...old.columns[to], card],
            },
          }
        : old,
    );
    const via = activatorEvent instanceof KeyboardEvent ? 'keyboard' : 'mouse';
    move.mutate({ id, commitmentStatus: to, beforeId: null, via });
    setLastMove(`${card.name} moved to ${COMMITMENT_STATUSES[to]}.`);
  };

  return (
    <Stack>
      <PageHeader
        title="Recruiting board"
        description="Drag a card to change the prospect's commitment status, or focus it and press space, then the arrow keys, then space."
        actions={
          <Button variant="default" component={Link} to={listPath}>
            PSA List
          </Button>
        }
      />
      <Select
        label="Sport team"
        placeholder="All teams"
        clearable
        data={(meta.data?.teams ?? []).map((t) => ({ value: t.id, label: t.name }))}
        value={team}
        onChange={setTeam}
        w={240}
      />
      <ApiErrorAlert error={move.error} />
      <Text size="sm" role="status" aria-live="polite">
        {lastMove}
      </Text>
      {board.isPending && <LoadingState rows={5} label="Loading the board" />}
      {board.error && <ErrorState error={board.error} onRetry={() => void board.refetch()} />}
      {columns && (
        <DndContext
          sensors={sensors}
          collisionDetection={rectIntersection}
          autoScroll={false}
          onDragStart={({ active }) => {
            keyColumn.current = columnOf(columns, String(active.id));
          }}
          onDragEnd={(e) => {
            keyColumn.current = null;
            onDragEnd(e);
          }}
          onDragCancel={() => {
            keyColumn.current = null;
          }}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable:
                'Press space to pick up a prospect, the arrow keys to move between columns, and space again to drop it. Escape cancels.',
            },
          }}
        >
          <Box style={{ overflowX: 'auto' }} pb="sm">
            <Group align="flex-start" wrap="nowrap" gap="sm">
              {BOARD_COLUMNS.map((c) => (
                <Column key={c} status={c} cards={columns[c]} />
              ))}
            </Group>
          </Box>
        </DndContext>
      )}
    </Stack>
  );
}
