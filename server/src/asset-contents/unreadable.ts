import { ApiError } from '../http/api-error.ts';
import { SdkError } from '../../../shared/api/index.ts';

/** 422: the asset's bytes are not a table (or a WAV) this service can read; the message says why. */
export const unreadable = (message: string) => new ApiError(422, SdkError.validation, message);
