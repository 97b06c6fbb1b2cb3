import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { classifyFault } from '../logging/fault';
import { databaseUnavailableReason, RETRY_AFTER_SECONDS, type UnavailableReason } from '../db/unavailable';
import { HttpProblem, PROBLEM_CONTENT_TYPE } from './problem';

const FRAMEWORK_PROBLEMS: Record<string, (error: FastifyError) => HttpProblem> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new HttpProblem(415, 'unsupported_media_type', 'Send the request body as application/json.'),
  FST_ERR_CTP_BODY_TOO_LARGE: () => new HttpProblem(413, 'payload_too_large', 'The request body is larger than the limit.'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () =>
    new HttpProblem(400, 'bad_request', 'The body is empty; send a JSON object.', [{ pointer: '', detail: 'is empty' }]),
  FST_ERR_CTP_INVALID_JSON_BODY: () =>
    new HttpProblem(400, 'bad_request', 'The body is not valid JSON.', [{ pointer: '', detail: 'is not valid JSON' }]),
  FST_ERR_BAD_URL: () => new HttpProblem(400, 'bad_request', 'The request URL is malformed.'),
};

/** Turns anything thrown while handling a request into a problem; only true server faults become 5xx. */
export function toProblem(error: unknown): HttpProblem {
  if (error instanceof HttpProblem) return error;
  const fastifyError = error as Partial<FastifyError> & { status?: number };
  const byCode = fastifyError.code ? FRAMEWORK_PROBLEMS[fastifyError.code] : undefined;
  if (byCode) return byCode(fastifyError as FastifyError);
  const status = fastifyError.statusCode ?? fastifyError.status;
  if (error instanceof SyntaxError && status === 400) {
    return new HttpProblem(400, 'bad_request', 'The body is not valid JSON.', [{ pointer: '', detail: 'is not valid JSON' }]);
  }
  if (status === 414) return new HttpProblem(414, 'bad_request', 'The request URL is too long.');
  if (status === 413) return new HttpProblem(413, 'payload_too_large', 'The request body is larger than the limit.');
  if (status === 415) return new HttpProblem(415, 'unsupported_media_type', 'Send the request body as application/json.');
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new HttpProblem(status, 'bad_request', sanitizeMessage(fastifyError.message) ?? 'The request could not be understood.');
  }
  // The database restarting, unreachable, out of disk space or overloaded: the request may succeed if retried.
  const unavailable = databaseUnavailableReason(error);
  if (unavailable) return unavailableProblem(unavailable);
  return new HttpProblem(500, 'internal_error', 'An unexpected error occurred; it has been logged.');
}

const UNAVAILABLE_DETAIL: Record<UnavailableReason, string> = {
  unreachable: 'The service cannot reach its database right now; retry shortly.',
  storage_full: 'The service has run out of disk space for its database; retry later.',
  out_of_resources: "The service's database is short of memory or another resource right now; retry shortly.",
};

/** 503 service_unavailable with a Retry-After that suits the reason. */
export const unavailableProblem = (reason: UnavailableReason): HttpProblem =>
  new HttpProblem(503, 'service_unavailable', UNAVAILABLE_DETAIL[reason], undefined, { 'retry-after': String(RETRY_AFTER_SECONDS[reason]) });

/** Framework messages about client errors are short and carry no internals; keep them to one line. */
function sanitizeMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const firstLine = message.split('\n')[0]?.trim();
  return firstLine ? firstLine.slice(0, 300) : undefined;
}

export function sendProblem(reply: FastifyReply, problem: HttpProblem): FastifyReply {
  for (const [name, value] of Object.entries(problem.headers)) reply.header(name, value);
  return reply.code(problem.status).header('content-type', PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem.toJSON()));
}

/**
 * The app's error handler: problem JSON always, and for server faults a log line with the fault's
 * kind and codes, the route and (from the request's logger) the request id — never the error's
 * message, which for a failed query holds its parameters.
 */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const problem = toProblem(error);
  if (problem.status >= 500) {
    request.log.error({ fault: classifyFault(error), method: request.method, route: request.routeOptions.url }, 'request failed');
  }
  return sendProblem(reply, problem);
}

/**
 * Errors Node's parser finds before Fastify sees a request (oversized headers, garbage instead of
 * HTTP) still get a problem body, then the connection closes.
 */
export function handleClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const detail =
    status === 431 ? 'The request headers are too large.' : status === 408 ? 'The request took too long to arrive.' : 'The request is not valid HTTP.';
  const body = JSON.stringify(new HttpProblem(status, 'bad_request', detail).toJSON());
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nconnection: close\r\ncontent-type: ${PROBLEM_CONTENT_TYPE}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
