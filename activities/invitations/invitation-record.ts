import { ApplicationFailure } from '@temporalio/activity';
import type { Kysely } from 'kysely';
import type { Database, InvitationStatus, UserStatus } from '../../migrations/database';

/** What the invitation activities need to know about one invitation, read in one query within its school. */
export interface InvitationRecord {
  id: string;
  schoolId: string;
  userId: string;
  email: string;
  status: InvitationStatus;
  invitedBy: string | null;
  expiresAt: Date;
  firstName: string;
  lastName: string;
  userStatus: UserStatus;
  schoolName: string;
  timeZone: string;
  inviterName: string | null;
}

export interface InvitationRef {
  invitationId: string;
  schoolId: string;
}

export async function loadInvitation(db: Kysely<Database>, ref: InvitationRef): Promise<InvitationRecord> {
  const row = await db
    .selectFrom('invitations as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .innerJoin('schools as s', 's.id', 'i.school_id')
    .leftJoin('users as inviter', 'inviter.id', 'i.invited_by')
    .select([
      'i.id',
      'i.school_id',
      'i.user_id',
      'i.email',
      'i.status',
      'i.invited_by',
      'i.expires_at',
      'u.first_name',
      'u.last_name',
      'u.status as user_status',
      's.name as school_name',
      's.time_zone',
      'inviter.first_name as inviter_first_name',
      'inviter.last_name as inviter_last_name',
    ])
    .where('i.id', '=', ref.invitationId)
    .where('i.school_id', '=', ref.schoolId)
    .executeTakeFirst();
  if (!row) throw invitationNotFound(ref.invitationId);
  return {
    id: row.id,
    schoolId: row.school_id,
    userId: row.user_id,
    email: row.email,
    status: row.status,
    invitedBy: row.invited_by,
    expiresAt: row.expires_at,
    firstName: row.first_name,
    lastName: row.last_name,
    userStatus: row.user_status,
    schoolName: row.school_name,
    timeZone: row.time_zone,
    inviterName: row.inviter_first_name ? `${row.inviter_first_name} ${row.inviter_last_name ?? ''}`.trim() : null,
  };
}

/** A missing row will not appear by retrying (the user or school was deleted). */
export function invitationNotFound(invitationId: string): ApplicationFailure {
  return ApplicationFailure.nonRetryable(`Invitation ${invitationId} not found`, 'INVITATION_NOT_FOUND');
}
