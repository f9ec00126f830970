import { describe, expect, it } from 'vitest';
import {
  checkPhoneCallRows,
  mapPhoneCallHeaders,
  type PhoneCallField,
  type PhoneCallUploadContext,
} from './recruiting-phone-calls';

// fixed-date fixture: the import is given its now; the rows are parser inputs.

const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const ARCHIVED = '33333333-3333-4333-8333-333333333333';
const OTHER_SCHOOL = '44444444-4444-4444-8444-444444444444';

const ctx: PhoneCallUploadContext = {
  prospectsByEmail: new Map([
    ['ann@example.com', { id: P1, archived: false }],
    ['bo@example.com', { id: P2, archived: false }],
    ['old@example.com', { id: ARCHIVED, archived: true }],
  ]),
  prospectsById: new Map([
    [P1, { id: P1, archived: false }],
    [P2, { id: P2, archived: false }],
    [ARCHIVED, { id: ARCHIVED, archived: true }],
  ]),
  staffByEmail: new Map([['coach@school.edu', 'coach-1']]),
  uploaderId: 'uploader-1',
  timeZone: 'America/Chicago',
  now: new Date('2026-11-26T18:00:00Z'),
};

const badDuration = (row: number) => ({
  row,
  column: 'Duration (minutes)',
  message: 'Duration must be a positive whole number of minutes (at most 1,440).',
});

const HEADERS = ['Prospect email', 'Prospect ID', 'Date', 'Time', 'Duration (minutes)', 'Coach email', 'Notes'];

function check(rows: string[][], headers: string[] = HEADERS) {
  const fields = mapPhoneCallHeaders(headers) as (PhoneCallField | null)[];
  return checkPhoneCallRows(
    headers,
    fields,
    rows.map((cells, i) => ({ row: i + 2, cells })),
    ctx,
  );
}

describe('phone call upload: headers', () => {
  it('maps headers by name or synonym and needs a prospect, date, time and duration column', () => {
    expect(mapPhoneCallHeaders(['E-mail', 'Call date', 'Call time', 'Minutes', 'Coach', 'Summary', 'Extra'])).toEqual([
      'prospectEmail',
      'date',
      'time',
      'durationMinutes',
      'coachEmail',
      'notes',
      null,
    ]);
    expect(mapPhoneCallHeaders(['PSA ID', 'Date', 'Time', 'Duration'])).toEqual([
      'prospectId',
      'date',
      'time',
      'durationMinutes',
    ]);
    expect(mapPhoneCallHeaders(['Prospect email', 'Date', 'Time'])).toBeNull();
    expect(mapPhoneCallHeaders(['Date', 'Time', 'Duration'])).toBeNull();
  });
});

describe('phone call upload: rows', () => {
  it('turns valid rows into calls: school time zone, default coach, prospect by e-mail or id', () => {
    const { calls, errors } = check([
      ['Ann@Example.com', '', '2026-11-20', '4:30 PM', '15', '', 'Talked about the visit.'],
      ['', P2, '11/21/2026', '09:05', '5', 'COACH@school.edu', ''],
      ['ann@example.com', P1, '2026-11-22', '10:00', '1', '', ''],
    ]);
    expect(errors).toEqual([]);
    expect(calls).toEqual([
      {
        row: 2,
        psaId: P1,
        occurredAt: new Date('2026-11-20T22:30:00Z'),
        durationMinutes: 15,
        coachUserId: 'uploader-1',
        notes: 'Talked about the visit.',
      },
      {
        row: 3,
        psaId: P2,
        occurredAt: new Date('2026-11-21T15:05:00Z'),
        durationMinutes: 5,
        coachUserId: 'coach-1',
        notes: null,
      },
      expect.objectContaining({ row: 4, psaId: P1, durationMinutes: 1 }),
    ]);
  });

  it('reports every problem of every row with its row number and the file’s column name', () => {
    const { calls, errors } = check([
      ['nobody@example.com', '', '2026-11-20', '10:00', '10', '', ''],
      ['', OTHER_SCHOOL, '2026-11-20', '10:00', '10', '', ''],
      ['old@example.com', '', '2026-11-20', '10:00', '10', '', ''],
      ['not-an-email', '', '2026-02-30', '25:00', '0', 'stranger@example.com', ''],
      ['', '', '', '', '', '', ''.padEnd(10, ' ')],
      ['bo@example.com', '', '2026-11-20', '10:00', '-5', '', ''],
      ['bo@example.com', '', '2026-11-20', '10:00', '2.5', '', ''],
      ['bo@example.com', '', '2026-11-20', '10:00', '1441', '', ''],
      ['bo@example.com', P1, '2026-11-20', '10:00', '3', '', Array(501).fill('w').join(' ')],
    ]);
    expect(calls).toEqual([]);
    expect(errors).toEqual([
      { row: 2, column: 'Prospect email', message: 'No prospect with this email in your school.' },
      { row: 3, column: 'Prospect ID', message: 'No prospect with this ID in your school.' },
      { row: 4, column: 'Prospect email', message: 'This prospect is archived: unarchive them first.' },
      { row: 5, column: 'Prospect email', message: 'Invalid email.' },
      { row: 5, column: 'Date', message: 'Dates must be written as YYYY-MM-DD or M/D/YYYY.' },
      { row: 5, column: 'Time', message: 'Times must be written as 16:30 or 4:30 PM.' },
      badDuration(5),
      { row: 5, column: 'Coach email', message: 'No coach or school admin with this email in your school.' },
      { row: 6, column: 'Prospect email', message: 'Mandatory fields cannot be empty.' },
      { row: 6, column: 'Date', message: 'Mandatory fields cannot be empty.' },
      { row: 6, column: 'Time', message: 'Mandatory fields cannot be empty.' },
      { row: 6, column: 'Duration (minutes)', message: 'Mandatory fields cannot be empty.' },
      badDuration(7),
      badDuration(8),
      badDuration(9),
      { row: 10, column: 'Prospect ID', message: 'The prospect ID and email name different prospects.' },
      { row: 10, column: 'Notes', message: 'PSA notes max 500 words.' },
    ]);
  });

  it('refuses a call in the future of the school’s clock and a call twice in the file', () => {
    // 18:00 UTC is 12:00 in Chicago: 11:59 that day is past, 12:01 is not yet.
    const { calls, errors } = check([
      ['ann@example.com', '', '2026-11-26', '11:59', '5', '', ''],
      ['ann@example.com', '', '2026-11-26', '12:01', '5', '', ''],
      ['ann@example.com', '', '2026-11-27', '09:00', '5', '', ''],
      ['bo@example.com', '', '2026-11-20', '10:00', '5', '', ''],
      ['BO@example.com', '', '11/20/2026', '10:00 AM', '7', '', ''],
    ]);
    expect(calls.map((c) => c.row)).toEqual([2, 5]);
    expect(errors).toEqual([
      { row: 3, column: 'Date', message: 'A phone call cannot be in the future.' },
      { row: 4, column: 'Date', message: 'A phone call cannot be in the future.' },
      { row: 6, column: 'Time', message: 'This call is already in row 5 of this file.' },
    ]);
  });

  it('names columns as the file writes them', () => {
    const { errors } = check([['', '2026-11-20', '10:00', '5']], ['PSA ID', 'Call date', 'Call time', 'Minutes']);
    expect(errors).toEqual([{ row: 2, column: 'PSA ID', message: 'Mandatory fields cannot be empty.' }]);
  });
});
