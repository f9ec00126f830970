import { describe, expect, it } from 'vitest';
import {
  checkRecruitingEvent,
  daysSpanned,
  maxDaysOf,
  recruitingEventNeedsApproval,
  type RecruitingEventInput,
} from './recruiting-events';

// fixed-date fixture: the checks compare the dates of the event they are given; no clock is read.

const TEAM = '00000000-0000-4000-8000-000000000001';

function event(over: Partial<RecruitingEventInput> = {}): RecruitingEventInput {
  return {
    name: 'Junior day',
    kind: 'UNOFFICIAL_VISIT',
    sportTeamId: TEAM,
    description: 'Campus tour and practice',
    notes: null,
    location: 'Field house',
    timeZone: 'America/Chicago',
    startDate: '2026-12-04',
    startTime: '09:00',
    endDate: '2026-12-04',
    endTime: '15:00',
    hostAthleteIds: [],
    psaIds: [],
    coachIds: [],
    ...over,
  };
}

const codes = (input: RecruitingEventInput) => checkRecruitingEvent(input).map((d) => `${d.field}:${d.code}`);
const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

describe('recruiting event limits (part 2 §5 "Recruiting")', () => {
  it('accepts a one-day visit', () => {
    expect(codes(event())).toEqual([]);
  });

  it('counts the local dates an event touches, both ends included', () => {
    expect(daysSpanned('2026-12-04', '2026-12-04')).toBe(1);
    expect(daysSpanned('2026-12-04', '2026-12-06')).toBe(3);
    expect(daysSpanned('2026-12-30', '2027-01-02')).toBe(4);
    expect(daysSpanned('nope', '2026-12-04')).toBe(0);
  });

  it('allows at most 3 days, in the spec wording', () => {
    expect(codes(event({ endDate: '2026-12-06', endTime: '23:00' }))).toEqual([]);
    const over = checkRecruitingEvent(event({ endDate: '2026-12-07', endTime: '08:00' }));
    expect(over).toEqual([{ field: 'endDate', code: 'RECRUITING_EVENT_TOO_LONG', message: 'Event at most 3 days.' }]);
  });

  it('allows an evaluation range of at most 14 days', () => {
    expect(maxDaysOf('EVALUATION')).toBe(14);
    expect(maxDaysOf('OFFICIAL_VISIT')).toBe(3);
    expect(codes(event({ kind: 'EVALUATION', endDate: '2026-12-17' }))).toEqual([]);
    const over = checkRecruitingEvent(event({ kind: 'EVALUATION', endDate: '2026-12-18' }));
    expect(over).toEqual([
      { field: 'endDate', code: 'RECRUITING_EVALUATION_TOO_LONG', message: 'Evaluation range max 14 days.' },
    ]);
  });

  it('refuses a start after the end', () => {
    expect(codes(event({ startDate: '2026-12-05', endDate: '2026-12-04' }))).toEqual([
      'endDate:RECRUITING_EVENT_START_AFTER_END',
    ]);
    expect(codes(event({ startTime: '15:00', endTime: '09:00' }))).toEqual(['endTime:EVENT_END_BEFORE_START']);
  });

  it('limits the name to 10 words and the description to 20, in the spec wording', () => {
    expect(codes(event({ name: words(10), description: words(20) }))).toEqual([]);
    const over = checkRecruitingEvent(event({ name: words(11), description: words(21) }));
    expect(over.map((d) => d.message)).toEqual(['Event name max 10 words.', 'Event description max 20 words.']);
  });

  it('limits the notes to 50 words', () => {
    expect(codes(event({ notes: words(51) }))).toEqual(['notes:EVENT_NOTES_TOO_LONG']);
  });

  it('takes at most 20 prospects per selection', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `psa-${i}`);
    expect(codes(event({ psaIds: ids(20) }))).toEqual([]);
    expect(checkRecruitingEvent(event({ psaIds: ids(21) }))[0]?.message).toBe('Max 20 PSAs per event selection.');
  });

  it('requires a name, a kind, a team, dates and a real time zone', () => {
    expect(codes(event({ name: ' ', kind: 'PARTY', sportTeamId: null }))).toEqual([
      'name:RECRUITING_EVENT_FIELDS_REQUIRED',
      'kind:RECRUITING_EVENT_FIELDS_REQUIRED',
      'sportTeamId:RECRUITING_EVENT_FIELDS_REQUIRED',
    ]);
    expect(codes(event({ timeZone: 'Mars/Base' }))).toEqual(['timeZone:EVENT_TIME_ZONE_INVALID']);
    expect(codes(event({ startDate: '12/04/2026' }))).toEqual(['startDate:RECRUITING_EVENT_FIELDS_REQUIRED']);
  });

  it("needs an admin's approval for a coach's event only", () => {
    expect(recruitingEventNeedsApproval(false)).toBe(true);
    expect(recruitingEventNeedsApproval(true)).toBe(false);
  });
});
