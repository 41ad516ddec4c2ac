import type { ExperimentServices } from '../experiments/index.ts';
import type { Alerts } from './alert-services.ts';

/** What the alerts domain uses of the service. */
export interface AlertServices extends ExperimentServices {
  alerts: Alerts;
  /** Where the service is reached, for the links of what fired. */
  alertsOrigin: () => string;
}
