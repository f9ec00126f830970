import type { FastifyInstance } from 'fastify';

/**
 * Fastify's JSON parser (prototype-poisoning safe) with one change: an empty body is "no body", so a POST that
 * carries only a Content-Type header (common from fetch wrappers) reaches validation instead of failing to parse.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  // The API speaks JSON only: a text/plain body (a CORS "simple" type any site can send) is refused with 415.
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
