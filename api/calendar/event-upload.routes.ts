import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { EVENT_UPLOAD_COLUMNS } from '../../domain/event-upload';
import { AppError } from '../../domain/errors';
import { readUploadedFile } from '../plugins/uploaded-file';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { SPREADSHEET_REFUSALS, refusals } from '../shared/refusals';
import { SpreadsheetFile, errorResponses } from '../shared/schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';
import { checkEventUpload, uploadEvents } from './event-upload.service';
import { buildSheetFile } from '../shared/spreadsheets/write-spreadsheet';

const KindQuery = Type.Object({
  kind: Type.Union([Type.Literal('EVENT'), Type.Literal('COMPETITION')]),
  timeZone: Type.Optional(Type.String({ maxLength: 64 })),
});
const Problem = Type.Object({ row: Type.Integer(), field: Type.Optional(Type.String()), message: Type.String() });
const UploadResult = Type.Object({
  rows: Type.Integer(),
  created: Type.Integer(),
  problems: Type.Array(Problem),
});

/** The largest event file read (busboy stops there). */
const MAX_FILE_MB = 5;

/** What reading the uploaded file is refused for. */
const UPLOAD_FILE_REFUSALS = {
  ...SPREADSHEET_REFUSALS,
  FILE_TOO_LARGE: `when the file is larger than ${MAX_FILE_MB} MB`,
};

/**
 * Bulk upload of events or competitions from XLSX, XLS or CSV (at most 200 rows). `check` reads and validates the
 * file and stores nothing; the upload itself validates again and stores the events only when no row has a problem,
 * each through the same service as the event form (approval, notifications and the series process included).
 */
export const eventUploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_MB * 1024 * 1024, files: 1, fields: 5, parts: 6, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
  const canWrite = requirePermission('calendar:write');

  app.post(
    '/event-uploads/check',
    {
      onRequest: canWrite,
      schema: {
        description: `Reads and checks the file; stores nothing. ${refusals(UPLOAD_FILE_REFUSALS)} A row's problems are answered in \`problems\`.`,
        querystring: KindQuery,
        consumes: ['multipart/form-data'],
        response: { 200: UploadResult, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => {
      const file = await readUploadedFile(request);
      return checkEventUpload(
        coreDepsOf(app.deps, request.log),
        actorOf(authOf(request), request),
        file,
        request.query,
      );
    },
  );

  app.post(
    '/event-uploads',
    {
      onRequest: canWrite,
      schema: {
        description: `Stores the events when no row has a problem (else answers the problems and stores nothing). ${refusals(
          {
            ...UPLOAD_FILE_REFUSALS,
            CARA_EVENT_LOCKED:
              "when a countable event's occurrences fall in a submitted or approved CARA log of one of its teams",
          },
        )}`,
        querystring: KindQuery,
        consumes: ['multipart/form-data'],
        response: { 200: UploadResult, ...errorResponses(400, 401, 403, 409, 413, 415) },
      },
    },
    async (request) => {
      const file = await readUploadedFile(request);
      return uploadEvents(coreDepsOf(app.deps, request.log), actorOf(authOf(request), request), file, request.query);
    },
  );

  app.get(
    '/event-uploads/template',
    {
      onRequest: canWrite,
      schema: {
        querystring: Type.Object({
          kind: Type.Optional(Type.Union([Type.Literal('EVENT'), Type.Literal('COMPETITION')])),
          format: Type.Optional(Type.Union([Type.Literal('xlsx'), Type.Literal('csv')])),
        }),
        response: {
          200: SpreadsheetFile('The upload template with one example row: CSV (`format=csv`) or an Excel workbook.'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const format = request.query.format ?? 'xlsx';
      const competition = request.query.kind === 'COMPETITION';
      const example: Record<string, string> = {
        name: competition ? 'vs. State College' : 'Team practice',
        team: 'Football',
        category: competition ? 'Home competition' : 'CARA',
        caraCategory: competition ? 'Competition' : 'Practice',
        location: competition ? 'Main stadium' : 'Practice field',
        timeZone: 'America/Chicago',
        startDate: '2027-09-04',
        startTime: competition ? '18:00' : '15:30',
        endDate: '2027-09-04',
        endTime: competition ? '21:00' : '17:30',
        notes: '',
        reminderMinutes: '60',
      };
      const bytes = buildSheetFile(format, competition ? 'Competitions' : 'Events', [
        EVENT_UPLOAD_COLUMNS.map((c) => c.header),
        EVENT_UPLOAD_COLUMNS.map((c) => example[c.field] ?? ''),
      ]);
      if (!bytes) throw new AppError('UPLOAD_FAILED');
      const name = competition ? 'competitions-template' : 'events-template';
      return reply
        .type(
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('content-disposition', `attachment; filename="${name}.${format}"`)
        .send(bytes);
    },
  );
};
