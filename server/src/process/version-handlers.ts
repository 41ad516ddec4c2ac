import type { HandlerTable } from '../http/handler.ts';

/**
 * The version the version check reports. The Python SDK enables features by it (clients.md §0); 4.18.133 is
 * the lowest that enables every one (the registry metadata update is the last gate).
 */
export const COMPATIBLE_SERVER_VERSION = '4.18.133';

/** Handlers of the version check. */
export function createMetaHandlers(): HandlerTable {
  return { serverVersion: () => ({ version: COMPATIBLE_SERVER_VERSION }) };
}
