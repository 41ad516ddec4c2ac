export * from './channels.ts';
export * from './define.ts';
