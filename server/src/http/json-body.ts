import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, type ApiError } from './api-error.ts';

/**
 * The deepest nesting of arrays and objects a JSON body may have: Jackson's default (the hosted service's likely
 * parser), far beyond the contract's documents (fewer than 10 levels) and well within the stack of JSON.stringify.
 * Endpoints may bound their own values lower (clientlib batches refuse an item nested over 100 levels, alone).
 */
const MAX_JSON_DEPTH = 1000;

/** The index of the quote that ends the JSON string opening at `start`, or -1 (unterminated: the parser reports it). */
function endOfString(text: string, start: number): number {
  let end = start;
  for (;;) {
    end = text.indexOf('"', end + 1);
    if (end < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === 0x5c) backslashes += 1;
    if (backslashes % 2 === 0) return end;
  }
}

/** Whether JSON text nests arrays and objects deeper than `limit` (strings are skipped; stops at the first excess). */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (char === 0x22) {
      index = endOfString(text, index);
      if (index < 0) return false;
    } else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
  return false;
}

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
