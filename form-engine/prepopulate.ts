/**
 * Initial answers. Pre-population from system data (part 1 §3): elements flagged `prepopulate` start with what the
 * platform knows about the person filling in or the recipient; date elements with "autofill today's date" start
 * with the form-filling date; website links start with their default value. Values that would not pass the element's own schema (an unknown sport, a malformed DOB) are
 * left out rather than forced on the person. Answers already given are never overwritten.
 */
import { ACADEMIC_STANDING_LABELS, ACADEMIC_STANDINGS } from '../domain/athletes';
import { isIsoDate } from './dates';
import { isMultiple } from './element-settings';
import { NAME_PREFIXES } from './element-types';
import type { Answers, FormElement, FormVersion, SportElement } from './form-definition';
import { isEmptyAnswer } from './normalize-answers';
import { isWebsiteUrl } from './text-rules';

export interface PersonData {
  prefix?: string;
  firstName?: string;
  middleName?: string;
  lastName?: string;
  /** Team sports of the person, by name (or by option id). */
  sports?: readonly string[];
  studentId?: string;
  /** YYYY-MM-DD. */
  dateOfBirth?: string;
  academicStanding?: string;
  /** For recruiting forms: the prospect's (PSA's) name. */
  psaName?: string;
}

export interface PrepopulateOptions {
  /** The form-filling date, for "autofill today's date". */
  today?: string;
  /** Answers already present (a draft); they win over system data. */
  answers?: Answers;
}

const nonBlank = (value: string | undefined): value is string => typeof value === 'string' && value.trim() !== '';

function sportValue(element: SportElement, sports: readonly string[]): unknown {
  const matched = element.options
    ? sports.flatMap((sport) => {
        const wanted = sport.trim().toLowerCase();
        const option = element.options!.find((o) => o.id === sport || o.label.trim().toLowerCase() === wanted);
        return option ? [option.id] : [];
      })
    : sports.filter(nonBlank);
  const unique = [...new Set(matched)];
  if (unique.length === 0) return undefined;
  if (!isMultiple(element)) return unique[0];
  const max = element.limits?.maxSelections;
  return max === undefined ? unique : unique.slice(0, max);
}

/** The profile may hold the code (SECOND_YEAR) or, from older imports, the label (Second Year). */
function toStandingCode(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if ((ACADEMIC_STANDINGS as readonly string[]).includes(value)) return value;
  const wanted = value.trim().toLowerCase();
  return Object.entries(ACADEMIC_STANDING_LABELS).find(([, label]) => label.toLowerCase() === wanted)?.[0];
}

function systemValue(element: FormElement, person: PersonData): unknown {
  switch (element.type) {
    case 'fullName': {
      if (!nonBlank(person.firstName) || !nonBlank(person.lastName)) return undefined;
      const prefix =
        person.prefix && (NAME_PREFIXES as readonly string[]).includes(person.prefix) ? person.prefix : undefined;
      return {
        ...(element.showPrefix && prefix ? { prefix } : {}),
        first: person.firstName,
        ...(element.showMiddleName && nonBlank(person.middleName) ? { middle: person.middleName } : {}),
        last: person.lastName,
      };
    }
    case 'sport':
      return person.sports ? sportValue(element, person.sports) : undefined;
    case 'studentId':
      return nonBlank(person.studentId) ? person.studentId : undefined;
    case 'academicStanding':
      return toStandingCode(person.academicStanding);
    case 'dob':
      return isIsoDate(person.dateOfBirth) ? person.dateOfBirth : undefined;
    case 'psaName':
      return nonBlank(person.psaName) ? person.psaName : undefined;
    default:
      return undefined;
  }
}

export function prepopulate(version: FormVersion, person: PersonData, options: PrepopulateOptions = {}): Answers {
  const answers: Answers = { ...(options.answers ?? {}) };
  for (const element of version.elements) {
    if (!isEmptyAnswer(answers[element.id])) continue;
    let value: unknown;
    if ('prepopulate' in element && element.prepopulate) value = systemValue(element, person);
    else if (element.type === 'date' && element.autofillToday && isIsoDate(options.today)) value = options.today;
    else if (element.type === 'websiteLink' && element.defaultValue && isWebsiteUrl(element.defaultValue)) {
      value = element.defaultValue;
    }
    if (value !== undefined) answers[element.id] = value;
  }
  return answers;
}
