import { describe, expect, it } from 'vitest';
import type { DisclosureRowDto } from './disclosures.schemas';
import { CSV_HEADER, toCsvLine } from './disclosures.service';

// fixed-date fixture: an instant just after midnight UTC, which is still the evening before in Chicago
const row: DisclosureRowDto = {
  id: '00000000-0000-4000-8000-000000000001',
  type: 'SPONSORSHIP',
  title: 'Coffee posts',
  status: 'APPROVED',
  dealType: 'INDIVIDUAL',
  submittedAt: '2025-03-01T03:30:00.000Z',
  startDate: '2025-03-10',
  endDate: null,
  student: { id: '00000000-0000-4000-8000-000000000002', name: 'Jordan Lee', email: 'jordan@demo.edu' },
  team: null,
  amount: 250,
  companyName: 'Local Coffee Co',
  conflictTypes: ['STATE_LEGISLATION_CONFLICT', 'UNIVERSITY'],
  notify: false,
  reportingDeadline: null,
  archived: false,
  assignedReviewer: null,
  createdAt: '2025-03-01T03:00:00.000Z',
  updatedAt: '2025-03-01T03:30:00.000Z',
};

describe('the disclosures CSV', () => {
  it('writes labels, not internal codes, and the submission day in the school time zone', () => {
    const cells = toCsvLine(row, 'America/Chicago').split(',');
    const cell = (name: string) => cells[CSV_HEADER.indexOf(name)];
    expect(cell('Date submitted')).toBe('2025-02-28');
    expect(cell('Deal type')).toBe('Individual');
    expect(cell('Conflict')).toBe('State law; University');
    expect(cell('Status')).toBe('Approved');
    expect(toCsvLine(row, 'UTC').split(',')[0]).toBe('2025-03-01');
  });
});
