import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/errors';

/** The media type of a Content-Type header (`multipart/form-data; boundary=…` → `multipart/form-data`). */
function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * A route that declares what it reads (`consumes: ['multipart/form-data']`, the upload routes) refuses any other body
 * with 415 before it is parsed, as its document says. Without this a JSON body reached the JSON parser and then the
 * handler, which answered 400 or, when it looked the record up first, 404 or 409.
 */
export function installContentTypeGuard(app: FastifyInstance): void {
  app.addHook('preParsing', async (request) => {
    const consumes = (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes;
    const type = mediaTypeOf(request.headers['content-type']);
    if (!consumes?.length || !type || consumes.includes(type)) return;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', [{ message: `Send the request body as ${consumes.join(' or ')}.` }]);
  });
}
