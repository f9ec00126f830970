/**
 * Compiled validators of element answer schemas, shared by every form version. Ajv's cost grows with the code it
 * generates, so instead of one schema with hundreds of properties, each distinct element schema (same type and
 * settings → same schema) is compiled once, process-wide, and reused by every version that has it: a new version
 * of a form compiles only its changed elements. The cache is a bounded LRU.
 */
import type { ValidateFunction } from 'ajv';
import { createAjv, type AjvInstance } from './create-ajv';
import type { JsonSchema } from './element-answer-schema';
import { toCanonicalJson } from './hash-version';

const CACHE_SIZE = 4000;
/**
 * Ajv keeps every schema it compiled (and the values its code refers to) for the life of the instance, so a long
 * running server would grow without bound; after this many compiles a fresh instance takes over. Validators made
 * by the old one keep working and are collected with it once no cached form uses them.
 */
const COMPILES_PER_INSTANCE = 2 * CACHE_SIZE;

let ajv: AjvInstance | undefined;
let compilesOnInstance = 0;
const validators = new Map<string, ValidateFunction>();

function getAjv(): AjvInstance {
  if (!ajv || compilesOnInstance >= COMPILES_PER_INSTANCE) {
    // One error per element is shown, so Ajv stops at the first (allErrors off) and skips its English messages.
    ajv = createAjv({ messages: false, allErrors: false, trusted: true });
    compilesOnInstance = 0;
  }
  compilesOnInstance++;
  return ajv;
}

export function getElementValidator(schema: JsonSchema): ValidateFunction {
  const key = toCanonicalJson(schema);
  const cached = validators.get(key);
  if (cached) {
    validators.delete(key);
    validators.set(key, cached);
    return cached;
  }
  const validate = getAjv().compile(schema);
  validators.set(key, validate);
  if (validators.size > CACHE_SIZE) validators.delete(validators.keys().next().value as string);
  return validate;
}

export function getElementValidatorCacheSize(): number {
  return validators.size;
}

/** Forgets every compiled element validator (tests and the cold-compile benchmark). */
export function clearElementValidators(): void {
  validators.clear();
  ajv = undefined;
}
