import { describe, expect, it } from 'vitest';
import { escapeIcsText, toICalendar } from './ics';
import type { OccurrenceDto } from './events.schemas';

// fixed-date fixture: toICalendar writes the occurrence it is given and reads no clock, so its day cannot drift.
const INJECTED = 'Inj\r\nATTENDEE:mailto:evil@example.com\r\nURL:http://evil.example';

/** The unfolded content lines of an iCalendar text (RFC 5545 §3.1: a CRLF followed by a space continues a line). */
const contentLines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

describe('ICS text values (issue 36)', () => {
  it('escapes backslash, semicolon, comma and line breaks, and drops other control characters', () => {
    expect(escapeIcsText('a\\b;c,d\r\ne\nf\rg\u0000h\u0085i')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng' + 'hi');
  });

  it('writes a name with CR/LF as one escaped NAME and X-WR-CALNAME line, adding no property', () => {
    const occurrence = {
      id: '00000000-0000-4000-8000-000000000001',
      occurrenceStart: '2026-11-08T22:00:00.000Z',
      start: '2026-11-08T22:00:00.000Z',
      end: '2026-11-08T23:00:00.000Z',
      name: INJECTED,
      category: 'ATHLETICS',
      caraCategory: null,
      sportTeamName: 'Soccer',
      location: null,
    } as unknown as OccurrenceDto;
    const lines = contentLines(toICalendar(INJECTED, [occurrence], 'http://localhost:3000'));
    expect(lines.filter((l) => l.startsWith('ATTENDEE'))).toEqual([]);
    expect(lines.filter((l) => l.startsWith('URL:'))).toEqual([]);
    const escaped = 'Inj\\nATTENDEE:mailto:evil@example.com\\nURL:http://evil.example';
    expect(lines).toContain(`NAME:${escaped}`);
    expect(lines).toContain(`X-WR-CALNAME:${escaped}`);
    expect(lines).toContain(`SUMMARY:${escaped}`);
  });
});
