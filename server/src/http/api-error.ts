import { SdkError } from '../../../shared/api/index.ts';

/** An error a handler throws on purpose; it becomes `{msg, code, sdk_error_code}` with its status. */
export class ApiError extends Error {
  readonly status: number;
  readonly sdkErrorCode: number;
  /** Extra headers to send (e.g. `Retry-After` on 429). */
  readonly headers: Record<string, string>;

  constructor(status: number, sdkErrorCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.sdkErrorCode = sdkErrorCode;
    this.headers = headers;
  }
}

/** 400 with a message naming the field and the problem. */
export const badRequest = (message: string, sdkErrorCode: number = SdkError.validation) => new ApiError(400, sdkErrorCode, message);
/** 404 for an unknown experiment, project, model or asset. */
export const notFound = (message: string, sdkErrorCode: number = SdkError.notFound) => new ApiError(404, sdkErrorCode, message);
/** 403 for a workspace the caller does not belong to. */
export const forbidden = (message: string) => new ApiError(403, SdkError.noWriteAccess, message);
