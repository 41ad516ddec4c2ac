import type { ExperimentServices } from '../experiments/index.ts';
import type { Webhooks } from './webhook-services.ts';

/** What the webhooks domain uses of the service. */
export interface WebhookServices extends ExperimentServices {
  webhooks: Webhooks;
}
