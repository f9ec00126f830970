import { Type } from 'typebox';
import { Nullable, Timestamp } from '../shared/schemas';

export const MailboxMessage = Type.Object({
  id: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  html: Nullable(Type.String()),
  createdAt: Timestamp,
  status: Type.Enum(['PENDING', 'SENT', 'FAILED']),
});

export const MailboxQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
});
export const MailboxList = Type.Array(MailboxMessage);
