import type { FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { authOf } from '../plugins/authenticate';
import { deactivateUser, reactivateUser } from '../users/account-status.service';
import { sendInvitation } from '../users/invite-user.service';
import { findAthlete } from './athletes.repository';
import type { AccountsBody } from './athletes.schemas';

interface AccountResult {
  id: string;
  ok: boolean;
  status: string | null;
  error: string | null;
}

/**
 * Account actions on student-athletes, one or many: activate (send the invitation to one never invited or whose
 * invitation lapsed), deactivate (ends access), reactivate (restores access; one without a password is invited
 * again). Each athlete is handled on its own and reported, so one failure does not undo the others; each change is
 * audited by the user services it calls.
 */
export async function changeAccounts(request: FastifyRequest, body: AccountsBody): Promise<AccountResult[]> {
  const { db } = request.server.deps.database;
  const auth = authOf(request);
  const schoolId = auth.school.id;
  const needed = body.action === 'activate' ? 'users:invite' : 'users:deactivate';
  if (!auth.permissions.has(needed)) throw new AppError('FORBIDDEN');
  const results: AccountResult[] = [];
  for (const id of body.athleteIds) {
    try {
      const athlete = await findAthlete(db, schoolId, id);
      if (!athlete) throw new AppError('NOT_FOUND');
      if (body.action === 'deactivate') {
        if (athlete.status !== 'INACTIVE') await deactivateUser(request, id);
      } else if (body.action === 'reactivate') {
        if (athlete.status === 'INACTIVE') {
          const user = await reactivateUser(request, id);
          if (user.status === 'NOT_INVITED' && request.server.deps.temporal) await sendInvitation(request, id);
        }
      } else {
        if (athlete.status === 'INACTIVE') throw new AppError('ACCOUNT_INACTIVE');
        if (athlete.status !== 'ACTIVE') await sendInvitation(request, id);
      }
      results.push({ id, ok: true, status: (await findAthlete(db, schoolId, id))!.status, error: null });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({ id, ok: false, status: null, error: err.message });
    }
  }
  return results;
}
