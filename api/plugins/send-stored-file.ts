import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { auditRequest, type RequestAuditEvent } from './audit-request';
import { attachmentDisposition } from '../disclosures/disclosure-files.service';
import { findStoredFile, type StoredFileMeta } from '../shared/stored-files.repository';
import { authOf } from './authenticate';

/** Answers a download of stored bytes: their content type, the original name, no caching, the SHA-256 as a header. */
export function sendStoredFile(reply: FastifyReply, file: StoredFileMeta & { bytes: Buffer }) {
  return reply
    .type(file.contentType)
    .header('content-disposition', attachmentDisposition(file.filename))
    .header('content-length', String(file.sizeBytes))
    .header('cache-control', 'private, no-store')
    .header('x-content-sha256', file.sha256)
    .send(file.bytes);
}

/**
 * Sends one of a school's stored files, stored for `purpose`, once the caller has checked the user may see the
 * record it belongs to; 404 when there is no such file. The school is the signed-in user's unless `schoolId` names
 * another (a provider's operator reading a school's record). The download is audited in that school's log: `audit`
 * names the record, and the file's id and name are added to its details.
 */
export async function sendAuditedDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  {
    fileId,
    purpose,
    audit,
    schoolId = authOf(request).school.id,
  }: { fileId: string; purpose: string; audit: RequestAuditEvent; schoolId?: string },
) {
  const file = await findStoredFile(request.server.deps.database.db, schoolId, fileId, purpose);
  if (!file) throw new AppError('NOT_FOUND');
  await auditRequest(request, {
    schoolId,
    ...audit,
    details: { fileId, filename: file.filename, sha256: file.sha256, ...(audit.details ?? {}) },
  });
  return sendStoredFile(reply, file);
}
