/**
 * The app's Content-Security-Policy has no 'unsafe-eval', so the form engine must not compile validators with
 * `new Function` here: answers go through its eval-free interpreter, and definitions through Ajv's standalone code,
 * generated from the definition schema when the UI is built (ui/vite.config.ts). Imported (for this effect) by
 * every module that compiles or checks forms, so it runs before they do and stays in their lazily loaded chunks.
 */
import validateFormDefinition from 'virtual:form-definition-validator';
import { enableEvalFreeValidation } from '../../../form-engine/eval-free';

enableEvalFreeValidation(validateFormDefinition);
