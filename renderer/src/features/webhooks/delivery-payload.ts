import type { z } from 'zod';
import type { webhookDeliveryRecord, webhookPayload } from '../../../../shared/api/webhooks.ts';

type Delivery = z.infer<typeof webhookDeliveryRecord>;
type RegistryPayload = z.infer<typeof webhookPayload>;

/** The registry event a delivery carries, or undefined for a run event (or a Slack body). */
export const registryPayload = (delivery: Delivery): RegistryPayload | undefined =>
  'registryModelName' in delivery.payload ? delivery.payload : undefined;

/** What a delivery is about: the model and version, the run, or the Slack text. */
export function deliverySubject(delivery: Delivery): string {
  const { payload } = delivery;
  if ('registryModelName' in payload) return `${payload.registryModelName} ${payload.version}`;
  if ('experiment' in payload) return `${payload.projectName}/${payload.experiment.experimentName ?? payload.experiment.experimentKey}`;
  return payload.text;
}

/** What changed: the stages before and after, or what the run event says. */
export function deliveryChange(delivery: Delivery): string {
  const registry = registryPayload(delivery);
  if (!registry) return 'message' in delivery.payload ? delivery.payload.message : '';
  const words = (list: readonly string[]) => (list.length > 0 ? list.join(', ') : 'none');
  return `${words(registry.previousStages)} → ${words(registry.stages)}`;
}
