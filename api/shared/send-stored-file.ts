import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from '../disclosures/disclosure-files.service';
import type { StoredFileMeta } from './stored-files.repository';

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
