/**
 * A version is frozen once published or answered (part 2 §4): only minor edits are accepted; adding, removing or
 * reordering questions, or changing settings or conditions, needs a clone (FORM_FROZEN says so).
 */
import { AppError } from '../domain/errors';
import { diffVersions, type VersionDiff } from './diff-versions';
import type { FormVersion } from './form-definition';

/** Returns the diff when the edit is allowed; throws FORM_FROZEN listing the structural changes otherwise. */
export function assertEditable(frozen: boolean, prev: FormVersion, next: FormVersion): VersionDiff {
  const diff = diffVersions(prev, next);
  if (frozen && diff.hasStructuralChanges) {
    const details = diff.changes
      .filter((change) => change.kind === 'structural')
      .slice(0, 50)
      .map((change) => ({
        code: 'FORM_FROZEN',
        message: `${change.description} (${change.path})`,
        field: change.elementId ?? change.path,
      }));
    throw new AppError('FORM_FROZEN', details);
  }
  return diff;
}
