import type { HandlerTable } from '../http/handler.ts';
import type { Services } from '../services.ts';
import { createLoggingChartHandlers } from './logging-chart.ts';
import { createLoggingDocumentHandlers } from './logging-documents.ts';
import { createLoggingReadHandlers } from './logging-reads.ts';
import { createLoggingValueHandlers } from './logging-values.ts';

/** Handlers of E27–E43 (but E31), E55 and the logged-data reads. */
export function createLoggingHandlers(services: Services): HandlerTable {
  return {
    ...createLoggingValueHandlers(services),
    ...createLoggingDocumentHandlers(services),
    ...createLoggingReadHandlers(services),
    ...createLoggingChartHandlers(services),
  };
}
