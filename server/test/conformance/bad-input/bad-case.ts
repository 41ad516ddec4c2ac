import type { BaseRequest } from './base.ts';
import type { Random } from './prng.ts';
import type { RawRequest } from './raw-http.ts';

/** One malformed request and what it tries. */
export interface BadCase {
  /** The class of bad input (for the statistics), e.g. "invalid JSON". */
  kind: string;
  /** What exactly is wrong with this one. */
  label: string;
  request: RawRequest;
  /** False when the service is expected to close the connection after it (a framing error: what follows cannot be trusted). */
  reusable: boolean;
}

/** Builds one bad case of its class for an endpoint, with random details; undefined when the class does not apply. */
export type CaseGenerator = (base: BaseRequest, random: Random) => BadCase | undefined;

/** A bad case whose connection may be reused afterwards. */
export const badCase = (kind: string, label: string, request: RawRequest, reusable = true): BadCase => ({ kind, label, request, reusable });
