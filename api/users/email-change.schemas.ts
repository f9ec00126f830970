import { Type } from 'typebox';
import { Email, Timestamp, Uuid } from '../shared/schemas';

export const EmailChangeBody = Type.Object({ email: Email });
export const EmailChangeRequested = Type.Object({
  changeId: Uuid,
  /** The address the confirmation link went to; the login stays the old one until it is confirmed. */
  pendingEmail: Type.String(),
  expiresAt: Timestamp,
});
export const EmailChangeConfirmBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 256 }) });
export const EmailChanged = Type.Object({ email: Type.String() });
export const SchoolAthleteParams = Type.Object({ id: Uuid, athleteId: Uuid });
