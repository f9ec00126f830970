import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { memo, type Dispatch } from 'react';
import { isAnswerableType, type FormElement } from '../../../../../form-engine';
import type { BuilderAction } from './builder-state';
import { ArrowDownIcon, ArrowUpIcon, TrashIcon } from '../../../shared/icons';
import classes from './builder.module.css';
import { ELEMENT_LABELS } from './element-catalog';

interface CardProps {
  element: FormElement;
  index: number;
  count: number;
  selected: boolean;
  problemCount: number;
  ruleCount: number;
  locked: boolean;
  dispatch: Dispatch<BuilderAction>;
}

/** What a card calls the element: its label, or its type for an unlabelled divider or image. */
export function elementTitle(element: FormElement): string {
  return element.label.trim() || ELEMENT_LABELS[element.type];
}

/**
 * One element on the canvas: drag to reorder (pointer), or use the move buttons (keyboard). The sortable wrapper
 * re-renders on every pointer move of a drag; the card's content is memoised so only the wrapper does.
 */
export function CanvasElement(props: CardProps & { dropBefore: boolean }) {
  const { element, locked, selected, problemCount, dropBefore } = props;
  const { setNodeRef, listeners, transform, transition, isDragging } = useSortable({
    id: element.id,
    data: { source: 'canvas' },
    disabled: locked,
  });
  return (
    <li
      ref={setNodeRef}
      {...listeners}
      className={classes.card}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-selected={selected || undefined}
      data-problem={problemCount > 0 || undefined}
      data-dragging={isDragging || undefined}
      data-drop-before={dropBefore || undefined}
      data-testid="canvas-element"
      data-element-id={element.id}
      data-element-type={element.type}
    >
      <CardBody {...props} />
    </li>
  );
}

const CardBody = memo(function CardBody(props: CardProps) {
  const { element, index, count, selected, problemCount, ruleCount, locked, dispatch } = props;
  const title = elementTitle(element);
  const required = 'required' in element && element.required;
  return (
    <>
      <UnstyledButton
        className={classes.cardMain}
        onClick={() => dispatch({ type: 'select', id: element.id })}
        aria-pressed={selected}
      >
        <Group gap={6} wrap="nowrap">
          <Badge size="sm" color={isAnswerableType(element.type) ? 'indigo' : 'gray'} variant="light">
            {ELEMENT_LABELS[element.type]}
          </Badge>
          {ruleCount > 0 && (
            <Badge size="sm" color="grape" variant="light">
              {ruleCount} {ruleCount === 1 ? 'condition' : 'conditions'}
            </Badge>
          )}
          {problemCount > 0 && (
            <Badge size="sm" color="red" variant="light">
              {problemCount} {problemCount === 1 ? 'problem' : 'problems'}
            </Badge>
          )}
        </Group>
        <Text size="sm" fw={600} mt={4} lineClamp={2} title={`${index + 1}. ${title}${required ? ' *' : ''}`}>
          {index + 1}. {title}
          {required && (
            <Text span c="red.9" aria-label="required">
              {' '}
              *
            </Text>
          )}
        </Text>
        <Text size="xs" c="dimmed" truncate title={`Data label: ${element.dataLabel}`}>
          Data label: {element.dataLabel}
        </Text>
      </UnstyledButton>
      <Group gap={2} wrap="nowrap">
        <Tooltip label="Move up">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Move ${title} up`}
            disabled={locked || index === 0}
            onClick={() => dispatch({ type: 'step', id: element.id, step: -1 })}
          >
            <ArrowUpIcon />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Move down">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Move ${title} down`}
            disabled={locked || index === count - 1}
            onClick={() => dispatch({ type: 'step', id: element.id, step: 1 })}
          >
            <ArrowDownIcon />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Delete">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${title}`}
            disabled={locked}
            onClick={() => dispatch({ type: 'request', edit: { type: 'delete', elementId: element.id } })}
          >
            <TrashIcon />
          </ActionIcon>
        </Tooltip>
      </Group>
    </>
  );
});
