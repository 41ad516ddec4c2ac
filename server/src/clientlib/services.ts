import type { AssetServices } from '../assets/index.ts';
import type { Experiment } from '../experiments/index.ts';
import type { LoggedDataServices } from '../logged-data/index.ts';

/** What the SDK's `Experiment.send_notification` sent (clients.md B.8), for the feed of the user who sent it. */
export type SdkNotificationListener = (experiment: Experiment, userId: number, notification: { title: string; status: string; additionalData: unknown }) => Promise<void>;

/** What the live-logging front door uses of the service: the REST domains' rules for logged data and assets. */
export interface ClientlibServices extends AssetServices, LoggedDataServices {
  config: AssetServices['config'];
  /** Records an SDK notification (the alerts' feed). */
  sdkNotified: SdkNotificationListener;
}
