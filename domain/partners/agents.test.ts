import { describe, expect, it } from 'vitest';
import { agentMayBeNamed, checkAgent, checkAgentDecision, normalizeAgentNumber, parseAgentLinkId } from './agents';

const today = '2026-12-04'; // fixed-date fixture: the rules compare ISO dates as given, no clock involved
const full = {
  type: 'LAWYER',
  firstName: ' Ana ',
  lastName: 'Diaz',
  email: 'Ana@Law.Test',
  phone: '',
  agency: 'Diaz Law',
  registrationState: 'fl',
  registrationNumber: 'FL-1',
  registrationExpiresOn: '2027-01-31', // fixed-date fixture: after `today` above
};

describe('checkAgent', () => {
  it('trims, lower-cases the e-mail and upper-cases the state', () => {
    const r = checkAgent(full, { complete: true, today });
    expect(r).toEqual({
      ok: true,
      value: {
        type: 'LAWYER',
        firstName: 'Ana',
        lastName: 'Diaz',
        email: 'ana@law.test',
        phone: null,
        agency: 'Diaz Law',
        registrationState: 'FL',
        registrationNumber: 'FL-1',
        registrationExpiresOn: '2027-01-31', // fixed-date fixture: echoes the input
      },
    });
  });

  it('needs the registration only when complete', () => {
    const bare = { type: 'LAWYER', firstName: 'A', lastName: 'B', email: 'a@b.co' };
    expect(checkAgent(bare, { complete: false, today }).ok).toBe(true);
    const r = checkAgent(bare, { complete: true, today });
    expect(r.ok ? [] : r.problems.map((p) => p.field)).toEqual([
      'registrationState',
      'registrationNumber',
      'registrationExpiresOn',
    ]);
  });

  it('refuses a bad phone, e-mail, state and a past expiry', () => {
    const r = checkAgent(
      { ...full, phone: '555', email: 'x', registrationState: 'Florida', registrationExpiresOn: '2026-12-03' }, // fixed-date fixture: the day before `today`
      { complete: true, today },
    );
    expect(r.ok ? [] : r.problems.map((p) => p.code)).toEqual([
      'INVALID_EMAIL',
      'INVALID_PHONE',
      'VALIDATION_FAILED',
      'AGENT_REGISTRATION_EXPIRED',
    ]);
  });
});

describe('agentMayBeNamed', () => {
  it('needs an active agent whose expiry date is today or later', () => {
    expect(agentMayBeNamed({ status: 'ACTIVE', registrationExpiresOn: today }, today)).toBe(true);
    expect(agentMayBeNamed({ status: 'ACTIVE', registrationExpiresOn: null }, today)).toBe(true);
    expect(agentMayBeNamed({ status: 'ACTIVE', registrationExpiresOn: '2026-12-03' }, today)).toBe(false); // fixed-date fixture: yesterday
    expect(agentMayBeNamed({ status: 'PENDING_CONFIRMATION', registrationExpiresOn: null }, today)).toBe(false);
    expect(agentMayBeNamed(null, today)).toBe(false);
  });
});

describe('small rules', () => {
  it('reads link ids, agent numbers and decisions', () => {
    const id = '0b7f5c1e-8d2a-4f3b-9c6d-1a2b3c4d5e6f';
    expect(parseAgentLinkId(`${id}~2`)).toEqual({ agentId: id, generation: 2 });
    expect(parseAgentLinkId(`${id}`)).toBeNull();
    expect(normalizeAgentNumber(' ag-10001 ')).toBe('AG-10001');
    expect(checkAgentDecision('REJECT', ' ')).toBe('AGENT_REJECT_REASON_REQUIRED');
    expect(checkAgentDecision('REJECT', 'word '.repeat(51))).toBe('AGENT_REJECT_REASON_TOO_LONG');
    expect(checkAgentDecision('CONFIRM', null)).toBeNull();
  });
});
