import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { coachTeamIds } from '../staff/staff-teams.repository';
import { AppError } from '../../domain/errors';
import type { AthleteStatus, RosterStatus } from '../../domain/athletes';
import type { RosterActor, RosterChangeRequestInput } from '../../domain/rosters';
import {
  decideRosterChangesUpdate,
  editRosterUpdate,
  requestRosterChangeUpdate,
  reviewRosterUpdate,
  submitRosterUpdate,
} from '../../workflows/rosters/roster-rollover.workflow';
import { createAthlete } from '../athletes/athletes.service';
import { ProcessGraphDto } from '../operator-console/operator-console.schemas';
import { rosterGraph } from '../operator-console/workflow-graph.service';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { refusals } from '../shared/refusals';
import { errorResponses } from '../shared/schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';
import { requireTemporal } from '../shared/workflow-client';
import { usersDepsOf } from '../users/user-scope';
import {
  athletesOnRoster,
  findRoster,
  isSchoolAthlete,
  listAddableAthletes,
  listSchoolYears,
  listYearRosters,
  yearHasTerms,
} from './rosters.repository';
import {
  AddableList,
  AddableQuery,
  AddAthletesBody,
  ChangeRequestBody,
  DecideBody,
  ReviewBody,
  RosterDetail,
  RosterParams,
  SetStatusBody,
  YearQuery,
  YearRosters,
} from './rosters.schemas';
import { ATHLETE_INPUT_REFUSALS } from '../athletes/athlete-refusals';
import {
  ensureRosterWorkflow,
  rosterActor,
  rosterDetail,
  startRosterRollover,
  toRosterError,
  yearLabel,
} from './rosters.service';

/**
 * Rosters per team and academic year: the lists read PostgreSQL; every change goes through the team's
 * `roster-rollover` workflow as an Update (the workflow's validator decides whether the step is open to the caller).
 */
/**
 * Who may take a roster step, and when (the rollover workflow's guard): the team's coach edits, submits and asks for
 * changes; an admin reviews and decides change requests; each in one state of the rollover.
 */
const stepRefusals = (role: 'a coach of the team' | 'an admin', state: string) => ({
  FORBIDDEN: `when the caller is not ${role}`,
  ROSTER_NOT_EDITABLE: `when the roster is not ${state}`,
});
const DECLARING = stepRefusals('a coach of the team', 'being declared (its rollover not yet submitted)');
const COMPLETED = 'approved (its rollover completed)';

export const rostersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const canRead = [requirePermission('rosters:read')];
  const ok = (schema: unknown) => ({ 200: schema, ...errorResponses(400, 401, 403, 404, 409, 503) });

  app.get(
    '/rosters',
    { onRequest: canRead, schema: { querystring: YearQuery, response: ok(YearRosters) } },
    async (request) => {
      const auth = authOf(request);
      const years = await listSchoolYears(db, auth.school.id);
      const year =
        years.find((y) => y.id === request.query.academicYearId) ??
        (request.query.academicYearId ? undefined : (years.find((y) => y.is_current) ?? years[0]));
      if (request.query.academicYearId && !year) throw new AppError('NOT_FOUND');
      const teamIds = auth.permissions.has('rosters:approve')
        ? null
        : await coachTeamIds(db, auth.school.id, auth.user.id);
      const teams = year ? await listYearRosters(db, auth.school.id, year.id, teamIds) : [];
      return {
        academicYear: year
          ? {
              id: year.id,
              label: yearLabel(year),
              hasTerms: (await yearHasTerms(db, auth.school.id, year.id)) === true,
            }
          : null,
        years: years.map((y) => ({ id: y.id, label: yearLabel(y), isCurrent: y.is_current })),
        teams,
      };
    },
  );

  app.get(
    '/rosters/:teamId/:academicYearId',
    { onRequest: canRead, schema: { params: RosterParams, response: ok(RosterDetail) } },
    async (request) => {
      const auth = authOf(request);
      const actor = await rosterActor(db, auth, request.params.teamId);
      return rosterDetail(db, auth, actor, request.params.teamId, request.params.academicYearId);
    },
  );

  /** The roster's "Where it stands": its rollover process placed on the process map (coaches of the team, admins). */
  app.get(
    '/rosters/:teamId/:academicYearId/graph',
    { onRequest: canRead, schema: { params: RosterParams, response: ok(ProcessGraphDto) } },
    async (request) => {
      const auth = authOf(request);
      await rosterActor(db, auth, request.params.teamId);
      const roster = await findRoster(db, auth.school.id, request.params);
      if (!roster) return { graph: null };
      return { graph: (await rosterGraph(db, auth.school.id, roster.id)).graph };
    },
  );

  app.get(
    '/rosters/:teamId/:academicYearId/addable',
    { onRequest: canRead, schema: { params: RosterParams, querystring: AddableQuery, response: ok(AddableList) } },
    async (request) => {
      const auth = authOf(request);
      await rosterActor(db, auth, request.params.teamId);
      const roster = await findRoster(db, auth.school.id, request.params);
      if (!roster) return [];
      return listAddableAthletes(db, auth.school.id, roster.id, request.query.search?.trim() || null);
    },
  );

  /** Starts the rollover of a team into a year (a coach of the team or an admin); joins one already started. */
  app.post(
    '/rosters/:teamId/:academicYearId/rollover',
    {
      onRequest: canRead,
      schema: {
        description: refusals({ ACADEMIC_TERM_NOT_CONFIGURED: 'when the academic year has no terms' }),
        params: RosterParams,
        response: ok(RosterDetail),
      },
    },
    async (request) =>
      startRosterRollover(
        coreDepsOf(app.deps, request.log),
        actorOf(authOf(request), request),
        request.params.teamId,
        request.params.academicYearId,
      ),
  );

  /** Runs one Update on the roster's process (started on demand for a roster declared before processes existed). */
  async function act<T>(
    auth: ReturnType<typeof authOf>,
    params: { teamId: string; academicYearId: string },
    run: (handle: Awaited<ReturnType<typeof ensureRosterWorkflow>>, actor: RosterActor) => Promise<T>,
  ) {
    const actor = await rosterActor(db, auth, params.teamId);
    const roster = await findRoster(db, auth.school.id, params);
    if (!roster) throw new AppError('NOT_FOUND');
    const temporal = requireTemporal(app.deps);
    try {
      const handle = await ensureRosterWorkflow(app.deps, temporal, roster);
      await run(handle, actor);
    } catch (err) {
      throw toRosterError(err);
    }
    return rosterDetail(db, auth, actor, params.teamId, params.academicYearId);
  }

  app.post(
    '/rosters/:teamId/:academicYearId/athletes',
    {
      onRequest: canRead,
      schema: {
        description: refusals({
          ...DECLARING,
          VALIDATION_FAILED: 'when neither `athleteUserIds` nor `newAthlete` names an athlete',
          ...ATHLETE_INPUT_REFUSALS,
        }),
        params: RosterParams,
        body: AddAthletesBody,
        response: ok(RosterDetail),
      },
    },
    async (request) => {
      const auth = authOf(request);
      const actor = await rosterActor(db, auth, request.params.teamId);
      if (actor.role !== 'COACH') throw new AppError('FORBIDDEN');
      const roster = await findRoster(db, auth.school.id, request.params);
      if (!roster || roster.rollover_status !== 'NOT_STARTED') throw new AppError('ROSTER_NOT_EDITABLE');
      const ids = [...(request.body.athleteUserIds ?? [])];
      if (request.body.newAthlete) {
        const created = await createAthlete(usersDepsOf(app.deps, request.log), actorOf(auth, request), {
          ...request.body.newAthlete,
          sportTeamId: request.params.teamId,
        });
        ids.push(created.athlete.id);
      }
      if (ids.length === 0) {
        throw new AppError('VALIDATION_FAILED', [{ field: 'athleteUserIds', message: 'Choose at least one athlete.' }]);
      }
      return act(auth, request.params, (h, a) =>
        h.executeUpdate(editRosterUpdate, { args: [{ actor: a, edit: { op: 'add', athleteUserIds: ids } }] }),
      );
    },
  );

  app.post(
    '/rosters/:teamId/:academicYearId/statuses',
    {
      onRequest: canRead,
      schema: {
        description: refusals({
          VALIDATION_FAILED: 'when neither `athleteStatus` nor `rosterStatus` is given',
          ROSTER_ATHLETE_NOT_ON_ROSTER: 'when an athlete of `athleteUserIds` is not on the roster',
          ...DECLARING,
        }),
        params: RosterParams,
        body: SetStatusBody,
        response: ok(RosterDetail),
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { athleteUserIds, athleteStatus, rosterStatus } = request.body;
      if (!athleteStatus && !rosterStatus) {
        throw new AppError('VALIDATION_FAILED', [{ field: 'athleteStatus', message: 'Choose a status.' }]);
      }
      const roster = await findRoster(db, auth.school.id, request.params);
      if (roster) {
        const onRoster = await athletesOnRoster(db, roster.id, athleteUserIds);
        if (onRoster.length !== new Set(athleteUserIds).size) throw new AppError('ROSTER_ATHLETE_NOT_ON_ROSTER');
      }
      return act(auth, request.params, (h, a) =>
        h.executeUpdate(editRosterUpdate, {
          args: [
            {
              actor: a,
              edit: {
                op: 'setStatus',
                athleteUserIds,
                athleteStatus: athleteStatus as AthleteStatus | undefined,
                rosterStatus: rosterStatus as RosterStatus | undefined,
              },
            },
          ],
        }),
      );
    },
  );

  app.post(
    '/rosters/:teamId/:academicYearId/submit',
    {
      onRequest: canRead,
      schema: { description: refusals(DECLARING), params: RosterParams, response: ok(RosterDetail) },
    },
    async (request) =>
      act(authOf(request), request.params, (h, a) => h.executeUpdate(submitRosterUpdate, { args: [{ actor: a }] })),
  );

  app.post(
    '/rosters/:teamId/:academicYearId/review',
    {
      onRequest: canRead,
      schema: {
        description: refusals({
          ROSTER_COMMENT_REQUIRED: 'when REQUEST_CHANGES comes without a `comment`',
          ...stepRefusals('an admin', 'submitted for review'),
          ALREADY_DECIDED: 'when the roster has already been approved',
        }),
        params: RosterParams,
        body: ReviewBody,
        response: ok(RosterDetail),
      },
    },
    async (request) => {
      const { decision, inviteNewAthletes, comment } = request.body;
      if (decision === 'REQUEST_CHANGES' && !comment?.trim()) throw new AppError('ROSTER_COMMENT_REQUIRED');
      return act(authOf(request), request.params, (h, a) =>
        h.executeUpdate(reviewRosterUpdate, { args: [{ actor: a, decision, inviteNewAthletes, comment }] }),
      );
    },
  );

  app.post(
    '/rosters/:teamId/:academicYearId/change-requests',
    {
      onRequest: canRead,
      schema: {
        description: refusals({
          ROSTER_ATHLETE_ON_ROSTER: 'when `kind` is ADD and the athlete is already on the roster',
          ROSTER_ATHLETE_NOT_ON_ROSTER: 'when `kind` is REMOVE or STATUS_CHANGE and the athlete is not on the roster',
          VALIDATION_FAILED: 'when `kind` is STATUS_CHANGE without `athleteStatus` or `rosterStatus`',
          ...stepRefusals('a coach of the team', COMPLETED),
        }),
        params: RosterParams,
        body: ChangeRequestBody,
        response: ok(RosterDetail),
      },
    },
    async (request) => {
      const auth = authOf(request);
      const roster = await findRoster(db, auth.school.id, request.params);
      if (roster) {
        const onRoster = (await athletesOnRoster(db, roster.id, [request.body.athleteUserId])).length > 0;
        if (request.body.kind === 'ADD' && onRoster) throw new AppError('ROSTER_ATHLETE_ON_ROSTER');
        if (request.body.kind !== 'ADD' && !onRoster) throw new AppError('ROSTER_ATHLETE_NOT_ON_ROSTER');
        if (!(await isSchoolAthlete(db, auth.school.id, request.body.athleteUserId))) throw new AppError('NOT_FOUND');
      }
      return act(auth, request.params, (h, a) =>
        h.executeUpdate(requestRosterChangeUpdate, {
          args: [{ actor: a, change: request.body as RosterChangeRequestInput }],
        }),
      );
    },
  );

  app.post(
    '/rosters/:teamId/:academicYearId/change-requests/decide',
    {
      onRequest: canRead,
      schema: {
        description: refusals({
          ...stepRefusals('an admin', COMPLETED),
          ROSTER_NO_PENDING_REQUESTS: 'when none of `requestIds` is a pending change request of the roster',
        }),
        params: RosterParams,
        body: DecideBody,
        response: ok(RosterDetail),
      },
    },
    async (request) =>
      act(authOf(request), request.params, (h, a) =>
        h.executeUpdate(decideRosterChangesUpdate, { args: [{ actor: a, ...request.body }] }),
      ),
  );
};
