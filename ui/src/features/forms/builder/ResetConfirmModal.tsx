import { List, Text } from '@mantine/core';
import { DialogModal } from '../../../shared/DialogModal';
import type { FormVersion } from '../../../../../form-engine';
import type { PendingEdit } from './builder-state';
import { elementTitle } from './CanvasElement';
import { describeRule } from './condition-helpers';

interface Props {
  pending: PendingEdit | null;
  draft: FormVersion;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before a delete, and before a move that breaks conditions, listing the conditions the engine would reset
 * (conditionsResetBy); nothing changes until the author confirms.
 */
export function ResetConfirmModal({ pending, draft, onConfirm, onClose }: Props) {
  const element = pending && draft.elements.find((e) => e.id === pending.edit.elementId);
  const title = element ? elementTitle(element) : 'element';
  const isDelete = pending?.edit.type === 'delete';
  const count = pending?.resets.length ?? 0;
  return (
    <DialogModal
      opened={pending !== null}
      onClose={onClose}
      title={isDelete ? `Delete "${title}"?` : `Move "${title}"?`}
      actionLabel={isDelete ? 'Delete element' : 'Move and reset conditions'}
      actionColor={isDelete ? 'red.9' : undefined}
      onAction={onConfirm}
      focusDismiss
    >
      {count === 0 ? (
        <Text size="sm">The element and its settings are removed from the form.</Text>
      ) : (
        <>
          <Text size="sm">
            {isDelete ? 'Deleting' : 'Moving'} it also removes{' '}
            {count === 1 ? 'this condition' : `these ${count} conditions`}, because{' '}
            {count === 1 ? 'it depends' : 'they depend'} on it:
          </Text>
          <List size="sm" spacing={4} data-testid="conditions-to-reset">
            {pending!.resets.map((reset) => (
              <List.Item key={reset.ruleId}>{describeRule(draft, reset.rule)}</List.Item>
            ))}
          </List>
        </>
      )}
    </DialogModal>
  );
}
