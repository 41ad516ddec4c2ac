import type { AssetServices } from '../assets/index.ts';
import type { LoggedDataServices } from '../logged-data/index.ts';

/** What the live-logging front door uses of the service: the REST domains' rules for logged data and assets. */
export interface ClientlibServices extends AssetServices, LoggedDataServices {
  config: AssetServices['config'];
}
