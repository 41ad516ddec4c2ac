import type { FastifyReply, FastifyRequest } from 'fastify';
import type { api, BodyOf, Endpoint, EndpointName, ParamsOf, QueryOf, ReplyOf } from '../../../shared/api/index.ts';

/** The authenticated user a request acts for. */
export interface Caller {
  userId: number;
  userName: string;
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

/** The function behind one endpoint. JSON endpoints return their reply; binary ones send on `reply` and return it. */
export type EndpointHandler<E extends Endpoint> = (input: HandlerInput<E>) => Promise<ReplyOf<E> | FastifyReply> | ReplyOf<E> | FastifyReply;

/** Handlers keyed by endpoint name; each aggregate's module exports one such table. */
export type HandlerTable = { [K in EndpointName]?: EndpointHandler<(typeof api)[K]> };
