import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, type ApiError } from './api-error.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-nesting.ts';

/** Why Fastify's parser refused a body (it says only "not valid JSON"): the syntax error, or a prototype-poisoning key. */
function refusal(body: string): ApiError {
  try {
    JSON.parse(body);
  } catch (error) {
    return badRequest(`The body is not valid JSON: ${(error as Error).message}`);
  }
  return badRequest('The body uses the key "__proto__", or "constructor" holding "prototype", which this service refuses.');
}

/** A JSON body parser: Fastify's content-type parser function over the body's text. */
export type JsonBodyParser = (request: FastifyRequest, body: string, done: (error: Error | null, value?: unknown) => void) => void;

/**
 * Parses JSON bodies as Fastify does (prototype-poisoning keys refused), after refusing bodies nested deeper than
 * MAX_JSON_DEPTH: V8 parses any depth, but a value nested a few thousand levels deep overflows the stack of whatever
 * walks it next (JSON.stringify when it is stored, structuredClone, the validator), and parsing millions of levels
 * holds hundreds of megabytes for one request. A refused body's message says what is wrong with it.
 */
export function jsonBodyParser(app: FastifyInstance): JsonBodyParser {
  // Fastify's JSON parser is the callback kind: it answers through `done` and returns nothing to wait for.
  const parse = app.getDefaultJsonParser('error', 'error') as JsonBodyParser;
  return (request, body, done) => {
    if (nestsDeeperThan(body, MAX_JSON_DEPTH)) {
      done(badRequest(`The JSON body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`), undefined);
      return;
    }
    parse(request, body, (error, value) =>
      (error as { code?: string } | null)?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? done(refusal(body), undefined) : done(error, value),
    );
  };
}

/** Installs jsonBodyParser as the parser of `application/json` bodies. */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = jsonBodyParser(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => parse(request, body as string, done));
}
