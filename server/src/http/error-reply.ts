import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { SdkError, type ErrorReply } from '../../../shared/api/index.ts';
import { UnstorableTextError } from '../database/sql.ts';
import { ApiError, badRequest } from './api-error.ts';

/** The status, body and headers an error becomes (compat.md §2): never a 5xx for bad input. */
export interface ErrorOutcome {
  status: number;
  body: ErrorReply;
  headers: Record<string, string>;
}

const outcome = (status: number, sdkErrorCode: number, msg: string, headers: Record<string, string> = {}): ErrorOutcome => ({
  status,
  body: { msg, code: status, sdk_error_code: sdkErrorCode },
  headers,
});

/** Maps any thrown error to its reply; `bodyLimit` words the 413 message. */
export function errorOutcome(error: unknown, bodyLimit: number): ErrorOutcome {
  if (error instanceof ApiError) return outcome(error.status, error.sdkErrorCode, error.message, error.headers);
  const fastifyError = error as Partial<FastifyError>;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return outcome(413, SdkError.tooLarge, `The request body is larger than this service accepts (${bodyLimit} bytes).`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return outcome(415, SdkError.validation, 'Unsupported Content-Type: send JSON as application/json (uploads as multipart/form-data).');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return outcome(400, SdkError.validation, 'The body is empty but Content-Type is application/json: send a JSON object.');
  }
  if (error instanceof UnstorableTextError) return outcome(400, SdkError.validation, error.message);
  // The blob layer's BlobStoreUnavailableError (known by name: layers do not import each other); its message says what to do.
  if (error instanceof Error && error.name === 'BlobStoreUnavailableError') return outcome(503, SdkError.internal, error.message);
  if (error instanceof SyntaxError) return outcome(400, SdkError.validation, `The body is not valid JSON: ${error.message}`);
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const zlib = (fastifyError.code ?? '').startsWith('Z_');
    const message = zlib ? `The body could not be decompressed: ${fastifyError.message}` : (fastifyError.message ?? 'Bad request.');
    return outcome(status, status === 413 ? SdkError.tooLarge : SdkError.validation, message);
  }
  if (status === 503) return outcome(503, SdkError.internal, 'The service is shutting down.');
  return outcome(500, SdkError.internal, 'Internal error in the tracking service; the details are in its log.');
}

/** Installs the error and not-found handlers that answer `{msg, code, sdk_error_code}`. */
export function installErrorReplies(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body, headers } = errorOutcome(error, bodyLimit);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).headers(headers).type('application/json').send(body);
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .type('application/json')
      .send({ msg: `No endpoint ${request.method} ${request.url.split('?')[0]}.`, code: 404, sdk_error_code: SdkError.notFound }),
  );
}

/** Where a request carries an input: its path parameters, query or JSON body. */
type InputPart = 'path' | 'query' | 'body';

/** Parses input with a contract schema; a failure becomes a 400 naming the field and the problem. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, where: InputPart): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationError(result.error, value, where);
}

function validationError(error: z.ZodError, value: unknown, where: InputPart): ApiError {
  const [first] = error.issues;
  if (!first) return badRequest(`Invalid ${where}.`);
  if (first.path.length === 0 && (value === undefined || value === null)) return badRequest(`A JSON ${where} is required.`);
  const problems = error.issues.slice(0, 3).map((issue) => describeIssue(issue, value, where));
  const more = error.issues.length > 3 ? `; and ${error.issues.length - 3} more` : '';
  const missingKey = error.issues.some((issue) => issue.path.join('.') === 'experimentKey' && isMissing(issue, value));
  return badRequest(`${problems.join('; ')}${more}.`, missingKey ? SdkError.experimentKeyMissing : SdkError.validation);
}

/** An issue about a field the request left out (whatever the schema expected there: a type, one of several, a check). */
const isMissing = (issue: z.core.$ZodIssue, value: unknown) => issue.path.length > 0 && valueAt(value, issue.path.map(String)) === undefined;

function describeIssue(issue: z.core.$ZodIssue, value: unknown, where: InputPart): string {
  if (issue.path.length === 0) return `Invalid ${where}: ${issue.message}`;
  const field = issue.path.map(String).join('.');
  return isMissing(issue, value) ? `The ${where} field "${field}" is required` : `The ${where} field "${field}" is invalid: ${issue.message}`;
}

function valueAt(value: unknown, path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
