import type { FastifyReply } from 'fastify';

const TEMPLATE_CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/** Answers with a template file to download, named `<baseName>.<format>`. */
export function sendTemplate(reply: FastifyReply, format: 'xlsx' | 'csv', baseName: string, bytes: Buffer) {
  return reply
    .header('content-type', TEMPLATE_CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${baseName}.${format}"`)
    .send(bytes);
}
