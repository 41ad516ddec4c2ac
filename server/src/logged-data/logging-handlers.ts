import type { HandlerTable } from '../http/handler.ts';
import type { LoggedDataServices } from './services.ts';
import { createLoggingChartHandlers } from './chart-handlers.ts';
import { createLoggingDocumentHandlers } from './document-handlers.ts';
import { createLoggingReadHandlers } from './read-handlers.ts';
import { createLoggingValueHandlers } from './value-handlers.ts';

/** Handlers of E27–E43 (but E31), E55 and the logged-data reads. */
export function createLoggingHandlers(services: LoggedDataServices): HandlerTable {
  return {
    ...createLoggingValueHandlers(services),
    ...createLoggingDocumentHandlers(services),
    ...createLoggingReadHandlers(services),
    ...createLoggingChartHandlers(services),
  };
}
