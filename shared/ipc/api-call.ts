import type { api, BodyInput, ParamsInput, QueryInput, ReplyOf } from '../api/index.ts';

type Api = typeof api;

/** The name of an endpoint of the wire contract. */
export type ApiEndpointName = keyof Api;

type QueryPart<E extends Api[ApiEndpointName]> = Record<never, never> extends QueryInput<E> ? { query?: QueryInput<E> } : { query: QueryInput<E> };
type BodyPart<E extends Api[ApiEndpointName]> = undefined extends BodyInput<E> ? { body?: BodyInput<E> } : { body: BodyInput<E> };
type ParamsPart<E extends Api[ApiEndpointName]> = Record<never, never> extends ParamsInput<E> ? { params?: ParamsInput<E> } : { params: ParamsInput<E> };

/** The path parameters, query and body an endpoint takes, each optional only where the endpoint allows it. */
export type ApiRequest<N extends ApiEndpointName> = ParamsPart<Api[N]> & QueryPart<Api[N]> & BodyPart<Api[N]>;

/** The input of `api.call` for endpoint `N`, typed by the wire contract. */
export type ApiCallInput<N extends ApiEndpointName> = { endpoint: N; profileId?: string } & ApiRequest<N>;

/** The reply `api.call` answers for endpoint `N`. */
export type ApiReply<N extends ApiEndpointName> = ReplyOf<Api[N]>;
