import { AppError } from '../../domain/errors';
import { deactivateUser, reactivateUser } from '../users/account-status.service';
import { sendInvitation } from '../users/invite-user.service';
import type { UserManager, UsersDeps } from '../users/user-scope';
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
 * audited by the user use cases it calls.
 */
export async function changeAccounts(
  deps: UsersDeps,
  manager: UserManager,
  body: AccountsBody,
): Promise<AccountResult[]> {
  const { db } = deps;
  const schoolId = manager.schoolId;
  const needed = body.action === 'activate' ? 'users:invite' : 'users:deactivate';
  if (!manager.permissions.has(needed)) throw new AppError('FORBIDDEN');
  const results: AccountResult[] = [];
  for (const id of body.athleteIds) {
    try {
      const athlete = await findAthlete(db, schoolId, id);
      if (!athlete) throw new AppError('NOT_FOUND');
      if (body.action === 'deactivate') {
        if (athlete.status !== 'INACTIVE') await deactivateUser(deps, manager, id);
      } else if (body.action === 'reactivate') {
        if (athlete.status === 'INACTIVE') {
          const user = await reactivateUser(deps, manager, id);
          if (user.status === 'NOT_INVITED' && deps.temporal) await sendInvitation(deps, manager, id);
        }
      } else {
        if (athlete.status === 'INACTIVE') throw new AppError('ACCOUNT_INACTIVE');
        if (athlete.status !== 'ACTIVE') await sendInvitation(deps, manager, id);
      }
      results.push({ id, ok: true, status: (await findAthlete(db, schoolId, id))!.status, error: null });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({ id, ok: false, status: null, error: err.message });
    }
  }
  return results;
}
