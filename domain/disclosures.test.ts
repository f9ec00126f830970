import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  canTransition,
  checkConflicts,
  conflictTypesOf,
  reportingDeadline,
  stateConflictCategories,
  toCents,
  type ConflictFlagRule,
  type DisclosureFacts,
} from './disclosures';

// fixed-date fixture: business days are counted from the date each call is given.

const facts: DisclosureFacts = {
  companyName: 'Rival Sportswear',
  industry: null,
  payorName: null,
  agentName: null,
  amountCents: 100_00,
  athleteTeamId: 'team-a',
};

const flag = (over: Partial<ConflictFlagRule>): ConflictFlagRule => ({
  id: 'f1',
  name: 'Flag',
  type: 'UNIVERSITY',
  category: 'Apparel',
  teamIds: [],
  maxPaymentCents: null,
  companies: [],
  boosters: [],
  ...over,
});

describe('amounts', () => {
  it('accepts $0 to $999,999 and converts to cents', () => {
    expect(toCents(0)).toBe(0);
    expect(toCents(999_999)).toBe(99_999_900);
    expect(toCents(12.345)).toBe(1235);
    expect(toCents(-0.01)).toBeNull();
    expect(toCents(1_000_000)).toBeNull();
    expect(toCents(Number.NaN)).toBeNull();
  });
});

describe('reporting deadline', () => {
  it('is 5 business days after signing, skipping weekends, only from $600', () => {
    expect(addBusinessDays('2027-02-05', 5)).toBe('2027-02-12'); // Friday → Friday
    expect(addBusinessDays('2027-02-06', 5)).toBe('2027-02-12'); // Saturday → Friday
    expect(reportingDeadline(600_00, '2027-02-01')).toBe('2027-02-08');
    expect(reportingDeadline(599_99, '2027-02-01')).toBeNull();
    expect(reportingDeadline(700_00, null)).toBeNull();
  });
});

describe('conflict check', () => {
  it('tags listed companies, boosters and payments over the maximum as UNIVERSITY conflicts', () => {
    expect(conflictTypesOf(checkConflicts(facts, [flag({ companies: ['  rival   SPORTSWEAR '] })], []))).toEqual([
      'UNIVERSITY',
    ]);
    expect(
      checkConflicts({ ...facts, payorName: 'Big Booster' }, [flag({ boosters: ['big booster'] })], []),
    ).toHaveLength(1);
    expect(checkConflicts(facts, [flag({ maxPaymentCents: 50_00 })], [])[0]!.reason).toContain('maximum payment');
    expect(checkConflicts(facts, [flag({ maxPaymentCents: 500_00 })], [])).toEqual([]);
  });

  it('tags state-law categories from the state list and from STATE_LEGISLATION_CONFLICT flags', () => {
    const tx = stateConflictCategories('TX', ['energy drinks']);
    expect(tx).toContain('alcohol');
    expect(tx).toContain('energy drinks');
    const hits = checkConflicts({ ...facts, companyName: 'Brewery', industry: 'Alcohol' }, [], tx);
    expect(conflictTypesOf(hits)).toEqual(['STATE_LEGISLATION_CONFLICT']);
    const custom = checkConflicts(
      { ...facts, companyName: 'Vape', industry: 'Vaping' },
      [flag({ type: 'STATE_LEGISLATION_CONFLICT', category: 'vaping' })],
      [],
    );
    expect(conflictTypesOf(custom)).toEqual(['STATE_LEGISLATION_CONFLICT']);
  });

  it('applies a team-limited flag only to athletes of those teams', () => {
    const limited = flag({ companies: ['Rival Sportswear'], teamIds: ['team-b'] });
    expect(checkConflicts(facts, [limited], [])).toEqual([]);
    expect(checkConflicts({ ...facts, athleteTeamId: 'team-b' }, [limited], [])).toHaveLength(1);
  });
});

describe('transitions', () => {
  it('follows the state table', () => {
    expect(canTransition('approve', 'PENDING')).toBe(true);
    expect(canTransition('approve', 'APPROVED')).toBe(false);
    expect(canTransition('reopen', 'REJECTED')).toBe(true);
    expect(canTransition('resubmit', 'CHANGE_REQUESTED')).toBe(true);
    expect(canTransition('submit', 'PENDING')).toBe(false);
  });
});
