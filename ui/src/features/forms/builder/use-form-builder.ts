import { useMemo, useReducer, useState } from 'react';
import { ERRORS } from '../../../../../domain/errors';
import { diffVersions, FORM_LIMITS, type ElementType, type FormVersion } from '../../../../../form-engine';
import { findBuilderProblems } from './builder-problems';
import { initBuilder, reduceBuilder } from './builder-state';
import { createElement, makeRandomId } from './create-element';
import { canAddElement, countQuestions } from './definition-edits';

/**
 * The builder's state, what is derived from it (problems, unsaved changes), and adding from the palette — where a
 * short form refuses its 11th question with the catalogue's message.
 */
export function useFormBuilder(saved: FormVersion, frozen: boolean) {
  const [state, dispatch] = useReducer(reduceBuilder, saved, initBuilder);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { draft } = state;

  const problems = useMemo(() => findBuilderProblems(draft, saved, frozen), [draft, saved, frozen]);
  const definitionChanged = useMemo(() => diffVersions(saved, draft).changes.length > 0, [saved, draft]);

  const addElement = (type: ElementType, index?: number) => {
    if (frozen) return;
    if (!canAddElement(draft, type)) {
      setRefusal(ERRORS.SHORT_FORM_TOO_MANY_QUESTIONS.message);
      return;
    }
    setRefusal(null);
    const element = createElement(type, draft.elements, makeRandomId);
    dispatch({ type: 'add', element, ...(index === undefined ? {} : { index }) });
  };

  // The refusal goes away once a question is deleted.
  const stillFull = countQuestions(draft) >= FORM_LIMITS.shortFormMaxQuestions;
  return { state, dispatch, problems, definitionChanged, refusal: stillFull ? refusal : null, addElement };
}
