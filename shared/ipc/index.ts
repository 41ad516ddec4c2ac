export type * from './api-call.ts';
export * from './api-channels.ts';
export * from './channels.ts';
export * from './define.ts';
export * from './profile-channels.ts';
export * from './service-channels.ts';
export * from './transfer-channels.ts';
export * from './electron-wire.ts';
