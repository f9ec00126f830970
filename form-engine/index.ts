/**
 * The form engine: pure (no I/O, no clock), shared by the API, the workflows and the UI. See README.md here for the
 * design decisions.
 */
export * from './element-types';
export * from './form-definition';
export { FORM_LIMITS, ALLOWED_FILE_EXTENSIONS, IMAGE_FILE_EXTENSIONS, type AllowedFileExtension } from './limits';
export { FORM_DEFINITION_SCHEMA } from './definition-schema';
export { validateDefinitionShape, isFormVersionShape } from './validate-definition-shape';
export {
  compileForm,
  compileFormUncached,
  clearCompiledForms,
  getCompiledFormCacheSize,
  type CompiledForm,
} from './compile-form';
export { buildAnswerSchema } from './build-answer-schema';
export { buildElementAnswerSchema, type JsonSchema } from './element-answer-schema';
export { buildRenderModel, type RenderModel, type RenderElement, type InputHints } from './build-render-model';
export type { AnswerValidationResult } from './validate-answers';
export { toAnswersError, toAnswerErrorDetails, type AnswerError } from './answer-error';
export { isEmptyAnswer, normalizeAnswers } from './normalize-answers';
export { findOversizedAnswer, type OversizedAnswer } from './check-answer-limits';
export { evaluateComparison, evaluateConditionGroup, type AnswerLookup } from './evaluate-comparison';
export { evaluateConditions, type ConditionState } from './evaluate-conditions';
export {
  buildDependencyGraph,
  collectConditionSources,
  type DependencyEdge,
  type DependencyGraph,
} from './dependency-graph';
export { findCycles, findStronglyConnectedComponents } from './find-cycles';
export { checkDefinition, assertDefinitionValid, checkCycles, type CheckOptions } from './check-definition';
export { isOperatorAllowed } from './check-conditions';
export { checkConditionTree, type ConditionTreeOptions, type ConditionTreeProblem } from './check-condition-tree';
export { toDefinitionError, toErrorDetails, type DefinitionProblem } from './definition-problem';
export { diffVersions, type VersionDiff, type VersionChange, type ChangeKind } from './diff-versions';
export { assertEditable } from './assert-editable';
export { conditionsResetBy, applyReset, type ElementEdit, type ConditionReset } from './reset-conditions';
export { prepopulate, type PersonData, type PrepopulateOptions } from './prepopulate';
export {
  checkUpload,
  checkFileRef,
  detectFileKind,
  matchesFileSignature,
  getFileExtension,
  getAllowedExtensions,
  type FileCandidate,
  type FileProblem,
  type UploadPurpose,
  type FileKind,
} from './file-rules';
export { subtractYears, isAtLeastAge, isIsoDate, formatIsoDate } from './dates';
export { countWords, isWebsiteUrl } from './text-rules';
export { hashFormVersion } from './hash-version';
