/** The clientlib domain (the live-logging front door of the hosted service's SDK (/clientlib/…)): what other domains and the process may use of it. */
export { THREAD_DECODED_ENDPOINTS, installBatchBodyDecoding, routedTo } from './batch-body.ts';
export { createClientlibLoggerHandlers } from './handlers.ts';
export type { ClientlibServices, SdkNotificationListener } from './services.ts';
