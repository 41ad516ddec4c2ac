import type { HandlerTable } from '../http/handler.ts';
import type { ClientlibServices } from './services.ts';
import { createClientlibBatchHandlers } from './batches.ts';
import { createClientlibExtraHandlers } from './extras.ts';
import { createClientlibRemoteHandlers } from './remote.ts';
import { createClientlibRunHandlers } from './run.ts';
import { createClientlibSceneHandlers } from './scenes.ts';
import { createClientlibStatusHandlers } from './status.ts';
import { createClientlibUploadHandlers } from './uploads.ts';

/** The Python SDK's live-logging front door (`/clientlib/…`, clients.md Part B) onto the same stores as the REST handlers. */
export function createClientlibLoggerHandlers(services: ClientlibServices): HandlerTable {
  return {
    ...createClientlibRunHandlers(services),
    ...createClientlibStatusHandlers(services),
    ...createClientlibBatchHandlers(services),
    ...createClientlibExtraHandlers(services),
    ...createClientlibUploadHandlers(services),
    ...createClientlibSceneHandlers(services),
    ...createClientlibRemoteHandlers(services),
  };
}
