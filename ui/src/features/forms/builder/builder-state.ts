/**
 * The builder's state in one reducer: the draft definition, the selected element, and a delete or move waiting
 * for confirmation. Deleting always asks; moving asks only when the engine says conditions would be reset
 * (conditionsResetBy). Canvas actions are plain dispatches, so the cards can be memoised while a drag re-renders.
 */
import {
  conditionsResetBy,
  type ConditionReset,
  type ConditionRule,
  type ElementEdit,
  type FormElement,
  type FormVersion,
} from '../../../../../form-engine';
import {
  addElement,
  editElement,
  neighbourIndex,
  removeCondition,
  replaceElement,
  setElementLabel,
  upsertCondition,
} from './definition-edits';

export interface PendingEdit {
  edit: ElementEdit;
  resets: ConditionReset[];
}

export interface BuilderState {
  draft: FormVersion;
  selectedId: string | null;
  pending: PendingEdit | null;
}

export type BuilderAction =
  | { type: 'load'; draft: FormVersion }
  | { type: 'rename'; name: string }
  | { type: 'select'; id: string | null }
  | { type: 'add'; element: FormElement; index?: number }
  | { type: 'update'; element: FormElement }
  | { type: 'setLabel'; id: string; label: string; keepDataLabel?: boolean }
  /** Asks to delete or move; applied at once when nothing needs confirming. */
  | { type: 'request'; edit: ElementEdit }
  /** Move one place up (-1) or down (1). */
  | { type: 'step'; id: string; step: -1 | 1 }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'saveCondition'; rule: ConditionRule }
  | { type: 'removeCondition'; ruleId: string };

export function initBuilder(draft: FormVersion): BuilderState {
  return { draft, selectedId: null, pending: null };
}

function applyEdit(state: BuilderState, edit: ElementEdit): BuilderState {
  const draft = editElement(state.draft, edit);
  const deleted = edit.type === 'delete' && edit.elementId === state.selectedId;
  return { draft, selectedId: deleted ? null : state.selectedId, pending: null };
}

function requestEdit(state: BuilderState, edit: ElementEdit): BuilderState {
  const resets = conditionsResetBy(state.draft, edit);
  if (edit.type === 'delete' || resets.length > 0) return { ...state, pending: { edit, resets } };
  return applyEdit(state, edit);
}

export function reduceBuilder(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case 'load': {
      // Reloading after a save keeps the selection when the element is still there.
      const kept = action.draft.elements.some((e) => e.id === state.selectedId);
      return { draft: action.draft, selectedId: kept ? state.selectedId : null, pending: null };
    }
    case 'rename':
      return { ...state, draft: { ...state.draft, name: action.name } };
    case 'select':
      return { ...state, selectedId: action.id };
    case 'add':
      // A new element is selected so its settings open at once.
      return { ...state, draft: addElement(state.draft, action.element, action.index), selectedId: action.element.id };
    case 'update':
      return { ...state, draft: replaceElement(state.draft, action.element) };
    case 'setLabel':
      return { ...state, draft: setElementLabel(state.draft, action.id, action.label, action.keepDataLabel) };
    case 'request':
      return requestEdit(state, action.edit);
    case 'step': {
      const toIndex = neighbourIndex(state.draft, action.id, action.step);
      return toIndex === null ? state : requestEdit(state, { type: 'move', elementId: action.id, toIndex });
    }
    case 'confirm':
      return state.pending ? applyEdit(state, state.pending.edit) : state;
    case 'cancel':
      return { ...state, pending: null };
    case 'saveCondition':
      return { ...state, draft: upsertCondition(state.draft, action.rule) };
    case 'removeCondition':
      return { ...state, draft: removeCondition(state.draft, action.ruleId) };
  }
}
