/** The webhooks feature: the screen, and the delivery views the registry reuses. */
export { WebhooksScreen } from './webhooks-screen.tsx';
export { DeliveryTable } from './delivery-table.tsx';
export { DeliveryLog, refreshWhilePending } from './delivery-log.tsx';
