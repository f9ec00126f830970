import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/errors';
import { exceedsJsonDepth } from './measure-json-depth';

/**
 * Fastify's JSON parser (prototype-poisoning safe) with two changes: an empty body is "no body", so a POST that
 * carries only a Content-Type header (common from fetch wrappers) reaches validation instead of failing to parse;
 * and a body nested deeper than any legitimate input is refused (BODY_TOO_DEEP) before it is parsed.
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
    if (exceedsJsonDepth(text)) {
      done(new AppError('BODY_TOO_DEEP'), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
