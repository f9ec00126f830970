/** Small text rules shared by the definition checks and the answer schema. */

export { countWords } from '../domain/text';

/**
 * "Website fields are validated by URL pattern" and "Link must be http or https": a scheme, a dotted host name (or
 * localhost) with an optional port, then any path without spaces. Kept as a string so the JSON Schema uses it too.
 */
export const WEBSITE_URL_PATTERN =
  '^https?://(?:(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}|localhost)(?::\\d{1,5})?(?:[/?#]\\S*)?$';

const websiteUrl = new RegExp(WEBSITE_URL_PATTERN, 'u');

export function isWebsiteUrl(value: string): boolean {
  return value.length <= 2048 && websiteUrl.test(value);
}

/**
 * "Phone of 10 digits": exactly ten digits, with the spaces, dots, dashes and parentheses people write between them
 * ("5125550101", "(512) 555-0101", "512.555.0101"). "512555" has six and is refused.
 */
export const PHONE_PATTERN = '^[\\s().-]*(?:\\d[\\s().-]*){10}$';

const phoneNumber = new RegExp(PHONE_PATTERN, 'u');

export function isPhoneNumber(value: string): boolean {
  return value.length <= 40 && phoneNumber.test(value);
}

/** HH:MM on a 24-hour clock. */
export const TIME_PATTERN = '^(?:[01]\\d|2[0-3]):[0-5]\\d$';

/** Data labels are compared trimmed and case-insensitively: "Email" and "email " are the same field in a report. */
export function normalizeDataLabel(label: string): string {
  return label.trim().toLowerCase();
}
