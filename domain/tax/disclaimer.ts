/**
 * The tax disclaimer (route /taxDisclaimer): the school's text, which a school admin may edit, and which each
 * student-athlete acknowledges once per calendar year (in the school's time zone). Until the school writes its own,
 * the default below is shown.
 */
export const TAX_DISCLAIMER_LIMITS = { textMaxLength: 10_000 } as const;

export const DEFAULT_TAX_DISCLAIMER = [
  'Money you earn from your name, image and likeness (NIL) is taxable income. In most deals you are paid as an ' +
    'independent contractor: nobody withholds tax for you, and you may owe self-employment tax as well as federal ' +
    'and state income tax on it.',
  'A payor who pays you $600 or more in a calendar year usually sends you a Form 1099. You must report all NIL ' +
    'income, including payments in kind, whether or not you receive a form.',
  'The tax calculator in this app gives an estimate only. It is not tax, legal or financial advice. The compliance ' +
    'office cannot prepare your return; talk to a qualified tax professional about your own situation.',
].join('\n\n');

/** The year an acknowledgement counts for: the calendar year of `at` in the school's time zone. */
export function acknowledgementYear(at: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(at));
}
