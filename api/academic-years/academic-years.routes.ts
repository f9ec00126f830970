import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../domain/errors';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { refusals } from '../shared/refusals';
import { IdParams, errorResponses } from '../shared/schemas';
import { findAcademicYear, listAcademicYears } from './academic-years.repository';
import {
  AcademicYearDto,
  AcademicYearList,
  CreateAcademicYearBody,
  UpdateAcademicYearBody,
} from './academic-years.schemas';
import { createAcademicYear, toAcademicYearDto, updateAcademicYear } from './academic-years.service';

/** The calendar rules on a year's terms (validate-terms.ts). */
const TERMS_RULE =
  'a term is listed twice, does not start before it ends, falls outside January of `startYear` to December of the year after, or overlaps another; finals start outside their term; or a vacation ends before it starts or falls outside its term';

/** Academic years with their terms (summer, fall, winter, spring); one year per school is current. */
export const academicYearsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const canRead = requirePermission('academic-years:read');
  const canWrite = requirePermission('academic-years:write');

  app.get(
    '/academic-years',
    { onRequest: canRead, schema: { response: { 200: AcademicYearList, ...errorResponses(401, 403) } } },
    async (request) => ({ items: (await listAcademicYears(db, authOf(request).school.id)).map(toAcademicYearDto) }),
  );

  app.post(
    '/academic-years',
    {
      onRequest: canWrite,
      schema: {
        description: refusals({
          VALIDATION_FAILED: `when \`endYear\` is not the year after \`startYear\`, or ${TERMS_RULE}`,
          ALREADY_EXISTS: 'when the school already has an academic year starting in `startYear`',
        }),
        body: CreateAcademicYearBody,
        response: { 201: AcademicYearDto, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const year = await createAcademicYear(db, authOf(request).school.id, request.body);
      return reply.code(201).send(toAcademicYearDto(year));
    },
  );

  app.get(
    '/academic-years/:id',
    {
      onRequest: canRead,
      schema: { params: IdParams, response: { 200: AcademicYearDto, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => {
      const year = await findAcademicYear(db, authOf(request).school.id, request.params.id);
      if (!year) throw new AppError('NOT_FOUND');
      return toAcademicYearDto(year);
    },
  );

  app.patch(
    '/academic-years/:id',
    {
      onRequest: canWrite,
      schema: {
        description: refusals({ VALIDATION_FAILED: `when ${TERMS_RULE}` }),
        params: IdParams,
        body: UpdateAcademicYearBody,
        response: { 200: AcademicYearDto, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      toAcademicYearDto(await updateAcademicYear(db, authOf(request).school.id, request.params.id, request.body)),
  );
};
