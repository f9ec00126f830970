import { createHash } from 'node:crypto';
import { AppError, ERRORS } from '../../domain/errors';
import { amountToCents } from '../../domain/expenses';
import { estimateTax, supportedStates, supportedTaxYears } from '../../domain/tax/calculator';
import { acknowledgementYear, DEFAULT_TAX_DISCLAIMER, TAX_DISCLAIMER_LIMITS } from '../../domain/tax/disclaimer';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import {
  deleteDisclaimer,
  findAcknowledgement,
  findDisclaimer,
  insertAcknowledgement,
  upsertDisclaimer,
} from './tax.repository';

/**
 * The tax disclaimer and calculator (routes /taxDisclaimer, /taxCalculator). The school's text (or the default) is
 * acknowledged by each athlete once per calendar year in the school's time zone, with the time and a hash of the text
 * they saw; editing the text does not ask for a second acknowledgement that year. The calculator is domain/tax/.
 */
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export async function getDisclaimer(deps: CoreDeps, actor: Actor) {
  const own = await findDisclaimer(deps.db, actor.schoolId);
  const year = acknowledgementYear(deps.now(), actor.timeZone);
  const canAcknowledge = actor.permissions.has('tax:acknowledge');
  const ack = canAcknowledge ? await findAcknowledgement(deps.db, actor.schoolId, actor.userId, year) : undefined;
  return {
    text: own?.text ?? DEFAULT_TAX_DISCLAIMER,
    isDefault: !own,
    updatedAt: own ? new Date(own.updated_at).toISOString() : null,
    updatedByName: own?.updated_by_name ?? null,
    year,
    acknowledgedAt: ack ? new Date(ack.acknowledged_at).toISOString() : null,
    canEdit: actor.permissions.has('tax:configure'),
    canAcknowledge,
    timeZone: actor.timeZone,
  };
}

export async function saveDisclaimer(deps: CoreDeps, actor: Actor, input: { text: string }) {
  const text = input.text.trim();
  if (text.length > TAX_DISCLAIMER_LIMITS.textMaxLength) {
    throw new AppError('VALIDATION_FAILED', [
      { field: 'text', message: `Disclaimer max ${TAX_DISCLAIMER_LIMITS.textMaxLength} characters.` },
    ]);
  }
  await deps.db.transaction().execute(async (trx) => {
    if (text) await upsertDisclaimer(trx, actor.schoolId, text, actor.userId, deps.now());
    else await deleteDisclaimer(trx, actor.schoolId);
    await auditBy(trx, actor, {
      action: 'tax_disclaimer.updated',
      targetType: 'school',
      targetId: actor.schoolId,
      details: { sha256: sha256(text || DEFAULT_TAX_DISCLAIMER), isDefault: !text },
    });
  });
  return getDisclaimer(deps, actor);
}

export async function acknowledgeDisclaimer(deps: CoreDeps, actor: Actor) {
  const now = deps.now();
  const year = acknowledgementYear(now, actor.timeZone);
  const own = await findDisclaimer(deps.db, actor.schoolId);
  const textSha256 = sha256(own?.text ?? DEFAULT_TAX_DISCLAIMER);
  await deps.db.transaction().execute(async (trx) => {
    const inserted = await insertAcknowledgement(trx, {
      schoolId: actor.schoolId,
      athleteUserId: actor.userId,
      year,
      textSha256,
      at: now,
    });
    if (inserted) {
      await auditBy(trx, actor, {
        action: 'tax_disclaimer.acknowledged',
        targetType: 'tax_disclaimer_ack',
        targetId: inserted.id,
        details: { year, sha256: textSha256 },
      });
    }
  });
  return getDisclaimer(deps, actor);
}

export function calculatorOptions(deps: CoreDeps, actor: Actor) {
  const years = supportedTaxYears();
  const thisYear = acknowledgementYear(deps.now(), actor.timeZone);
  return { years, defaultYear: years.includes(thisYear) ? thisYear : years[0]!, states: supportedStates() };
}

type Money = number | string | null | undefined;

export interface EstimateInput {
  taxYear: number;
  state: string;
  nilIncome?: Money;
  expenses?: Money;
  otherWages?: Money;
  paymentAmount?: Money;
}

export function estimate(_deps: CoreDeps, _actor: Actor, input: EstimateInput) {
  const problems: Array<{ field: string; code: 'MANDATORY_FIELD' | 'EXPENSE_AMOUNT_RANGE' }> = [];
  const cents = (field: keyof EstimateInput, required: boolean): number | undefined => {
    const raw = input[field];
    if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
      if (required) problems.push({ field, code: 'MANDATORY_FIELD' });
      return undefined;
    }
    const c = amountToCents(raw);
    if (c === null) problems.push({ field, code: 'EXPENSE_AMOUNT_RANGE' });
    return c ?? undefined;
  };
  const nilIncomeCents = cents('nilIncome', true);
  const expensesCents = cents('expenses', false);
  const otherWagesCents = cents('otherWages', false);
  const paymentCents = cents('paymentAmount', false);
  if (problems.length || nilIncomeCents === undefined) {
    const details = problems.map((p) => ({ field: p.field, code: p.code, message: ERRORS[p.code].message }));
    throw new AppError(problems[0]!.code, details);
  }
  const r = estimateTax({
    taxYear: input.taxYear,
    state: input.state.toUpperCase(),
    nilIncomeCents,
    ...(expensesCents === undefined ? {} : { expensesCents }),
    ...(otherWagesCents === undefined ? {} : { otherWagesCents }),
    ...(paymentCents === undefined ? {} : { paymentCents }),
  });
  if (!r.ok) {
    const field = r.problem === 'TAX_YEAR_UNSUPPORTED' ? 'taxYear' : 'state';
    throw new AppError(r.problem, [{ field, code: r.problem, message: ERRORS[r.problem].message }]);
  }
  return { ...r.value, nilIncomeCents };
}
