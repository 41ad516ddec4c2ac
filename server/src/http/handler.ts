import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AccessNeed, api, BodyOf, Endpoint, EndpointName, ParamsOf, QueryOf, ReplyOf } from '../../../shared/api/index.ts';
import type { promotionPendingReply } from '../../../shared/api/registry-governance.ts';

/** The user a presented API key belongs to. */
export interface KeyOwner {
  userId: number;
  userName: string;
  /** A service admin: acts as an admin in every workspace they belong to. */
  isServiceAdmin: boolean;
  /** The stored first characters of the key (what the audit trail and `keys list` show). */
  keyPrefix: string;
  /** A read-only key: only endpoints that need no more than `read`. */
  readOnly: boolean;
}

/** The authenticated user a request acts for, and what the endpoint it calls needs (its contract entry's `needs`). */
export interface Caller extends KeyOwner {
  need: AccessNeed;
}

/** What a handler receives: the validated path parameters, query and body, the caller, and the raw request/reply for streaming. */
export interface HandlerInput<E extends Endpoint> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  caller: Caller;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The 202 reply of a change an approval policy held back (sent with 202 only by endpoints whose entry has `accepted`). */
export type AcceptedReply = z.output<typeof promotionPendingReply>;

/** What a handler may return: its reply, the 202 reply, or the raw reply it sent on. */
type HandlerResult<E extends Endpoint> = ReplyOf<E> | AcceptedReply | FastifyReply;

/** The function behind one endpoint. JSON endpoints return their reply; binary ones send on `reply` and return it. */
export type EndpointHandler<E extends Endpoint> = (input: HandlerInput<E>) => Promise<HandlerResult<E>> | HandlerResult<E>;

/** Handlers keyed by endpoint name; each aggregate's module exports one such table. */
export type HandlerTable = { [K in EndpointName]?: EndpointHandler<(typeof api)[K]> };
