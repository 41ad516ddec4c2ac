import type { IpcErrorCode } from '../../../../shared/ipc/index.ts';

/** An error a handler throws on purpose; its code and message reach the renderer unchanged. */
export class AppError extends Error {
  readonly code: IpcErrorCode;
  readonly status: number | undefined;
  readonly sdkErrorCode: number | undefined;

  constructor(code: IpcErrorCode, message: string, details: { status?: number; sdkErrorCode?: number } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = details.status;
    this.sdkErrorCode = details.sdkErrorCode;
  }
}
