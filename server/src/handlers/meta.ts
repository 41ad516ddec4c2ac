import type { HandlerTable } from '../http/handler.ts';

/** The version the version check reports: 4.3.385 is the lowest that enables every REST feature the Python SDK uses. */
export const COMPATIBLE_SERVER_VERSION = '4.3.385';

/** Handlers of the version check. */
export function createMetaHandlers(): HandlerTable {
  return { serverVersion: () => ({ version: COMPATIBLE_SERVER_VERSION }) };
}
