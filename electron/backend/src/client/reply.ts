import type { Endpoint } from '../../../../shared/api/index.ts';
import { AppError } from '../ipc/app-error.ts';
import { codeForStatus, incompatibleError, statusWords } from './errors.ts';

/** An HTTP answer read in full. */
export interface HttpAnswer {
  status: number;
  contentType: string;
  text: string;
}

/** The `{msg, code, sdk_error_code}` error body of compat.md §2, if the text is one. */
function errorBody(text: string): { msg: string; sdkErrorCode?: number } | undefined {
  const parsed = parseJson(text);
  if (!parsed || typeof parsed !== 'object') return undefined;
  const { msg, message, sdk_error_code: sdk } = parsed as Record<string, unknown>;
  const words = typeof msg === 'string' ? msg : typeof message === 'string' ? message : undefined;
  if (words === undefined) return undefined;
  return typeof sdk === 'number' ? { msg: words, sdkErrorCode: sdk } : { msg: words };
}

/** The error for a status of 400 or more: the server's msg and sdk_error_code when it sent them. */
export function errorFromAnswer(answer: Pick<HttpAnswer, 'status' | 'text'>, url: URL): AppError {
  const body = errorBody(answer.text);
  if (!body && answer.status === 404) return incompatibleError(url.origin, `it has no ${url.pathname} (404)`, 404);
  const details = body?.sdkErrorCode === undefined ? { status: answer.status } : { status: answer.status, sdkErrorCode: body.sdkErrorCode };
  return new AppError(codeForStatus(answer.status), body?.msg || statusWords(answer.status), details);
}

/**
 * A 202 where the endpoint normally answers 200: an approval policy turned the change into a promotion request (issue 14).
 * It crosses the bridge as `pending_approval` with the service's message, so no caller mistakes it for a change made.
 */
function pendingFromAnswer(answer: Pick<HttpAnswer, 'text'>): AppError {
  const body = errorBody(answer.text);
  const message = body?.msg || 'The change needs approval: a promotion request was filed instead.';
  return new AppError('pending_approval', message, body?.sdkErrorCode === undefined ? { status: 202 } : { status: 202, sdkErrorCode: body.sdkErrorCode });
}

/** The reply of a successful JSON call, checked leniently against the contract (added fields are fine). */
export function replyFromAnswer(endpoint: Endpoint, answer: HttpAnswer, url: URL): unknown {
  if (answer.status >= 400) throw errorFromAnswer(answer, url);
  if (answer.status === 202) throw pendingFromAnswer(answer);
  if (answer.status === 204 || (endpoint.status === 204 && answer.text === '')) return null;
  if (!/[/+]json\b/i.test(answer.contentType)) {
    throw incompatibleError(url.origin, `${url.pathname} answered ${answer.contentType.split(';')[0] || 'without a content type'}, not JSON`);
  }
  const json = parseJson(answer.text);
  if (json === undefined) throw incompatibleError(url.origin, `${url.pathname} answered something that is not valid JSON`);
  const checked = endpoint.reply.safeParse(json);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'the reply';
    throw incompatibleError(url.origin, `its reply from ${url.pathname} has an unexpected shape (${where}: ${issue?.message ?? 'invalid'})`);
  }
  return checked.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
