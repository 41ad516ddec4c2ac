/** The alerts domain (alert rules, their evaluation as data arrives, the notification feed): what the process may use of it. */
export { createAlertHandlers } from './alert-handlers.ts';
export { createAlerts } from './alert-services.ts';
export type { Alerts, AlertSettings } from './alert-services.ts';
export type { AlertServices } from './services.ts';
