import { loggingReadEndpoints } from './logging-reads.ts';
import { loggingUsageEndpoints } from './logging-usage.ts';
import { loggingWriteEndpoints } from './logging-writes.ts';

/** E27–E43 (E31 lives with assets), E55 and the logged-data reads. */
export const loggingEndpoints = {
  ...loggingWriteEndpoints,
  ...loggingUsageEndpoints,
  ...loggingReadEndpoints,
};
