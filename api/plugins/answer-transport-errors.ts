import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorBody } from '../../domain/errors';
import { toErrorResponse } from './to-error-response';

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route or hook runs — a path whose
 * percent-encoding is broken (400) or a parameter over the length cap (414) — answered in the app's error shape
 * instead of Fastify's own.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const appError =
    error.code === 'FST_ERR_BAD_URL'
      ? new AppError('BAD_REQUEST', [{ message: 'The address is not valid: check its percent-encoding.' }])
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? new AppError('URL_TOO_LONG')
        : error;
  const { status, body } = toErrorResponse(appError);
  void reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** What Node's HTTP parser refuses, with the app's error code: an unknown method is 405 like TRACE. */
function clientErrorCode(
  code: unknown,
): 'METHOD_NOT_ALLOWED' | 'HEADERS_TOO_LARGE' | 'REQUEST_TIMEOUT' | 'BAD_REQUEST' {
  if (code === 'HPE_INVALID_METHOD') return 'METHOD_NOT_ALLOWED';
  if (code === 'HPE_HEADER_OVERFLOW') return 'HEADERS_TOO_LARGE';
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  return 'BAD_REQUEST';
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser cannot read never reaches Fastify, so the answer is
 * written to the socket here, in the app's error shape, and the connection closed (as Fastify's default does).
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const appError = new AppError(clientErrorCode(error.code));
  const body = JSON.stringify(appError.toBody() satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${appError.status} ${REASONS[appError.status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
