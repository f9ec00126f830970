import { normaliseHeader } from '../../domain/athlete-upload';
import { parseEventRows, type EventUploadKind } from '../../domain/event-upload';
import { detectSheetKind } from '../athletes/athlete-upload-file';
import { readSpreadsheet } from '../shared/spreadsheets/read-spreadsheet';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { calendarTeamScope, listCalendarTeams } from './calendar-access';
import type { CreateEventBody } from './events.schemas';
import { createEvent } from './events.service';

/** An events file as the transport read it. */
export interface EventFile {
  filename: string;
  bytes: Buffer;
}

/** What the upload options say: events or competitions, and the zone of rows that name none. */
export interface EventUploadOptions {
  kind: EventUploadKind;
  timeZone?: string | undefined;
}

export interface EventUploadResult {
  rows: number;
  created: number;
  problems: Array<{ row: number; field?: string; message: string }>;
}

async function readEventFile(deps: CoreDeps, actor: Actor, file: EventFile, options: EventUploadOptions) {
  const { db } = deps;
  const sheet = await readSpreadsheet(detectSheetKind(file.filename, file.bytes), file.bytes);
  const teams = await listCalendarTeams(db, actor.schoolId, await calendarTeamScope(db, actor));
  const teamIdByName = new Map(teams.map((t) => [normaliseHeader(t.name), t.id]));
  const result = parseEventRows(options.kind, sheet.headers, sheet.rows, {
    teamIdByName,
    defaultTimeZone: options.timeZone || 'America/New_York',
  });
  return { ...result, rows: sheet.rows.length };
}

/** Reads and checks an events file against the actor's teams; stores nothing. */
export async function checkEventUpload(
  deps: CoreDeps,
  actor: Actor,
  file: EventFile,
  options: EventUploadOptions,
): Promise<EventUploadResult> {
  const { problems, rows } = await readEventFile(deps, actor, file, options);
  return { rows, created: 0, problems };
}

/**
 * Stores the file's events when no row has a problem, each through the event form's use case (approval,
 * notifications and the series process included), and records the upload; with a problem, stores nothing.
 */
export async function uploadEvents(
  deps: CoreDeps,
  actor: Actor,
  file: EventFile,
  options: EventUploadOptions,
): Promise<EventUploadResult> {
  const { parsed, problems, rows } = await readEventFile(deps, actor, file, options);
  if (problems.length > 0) return { rows, created: 0, problems };
  let created = 0;
  for (const p of parsed) {
    await createEvent(deps, actor, p.input as CreateEventBody);
    created += 1;
  }
  await auditBy(deps.db, actor, {
    action: 'calendar-event.bulk-uploaded',
    targetType: 'calendar_event',
    details: { kind: options.kind, created, filename: file.filename },
  });
  return { rows, created, problems: [] };
}
