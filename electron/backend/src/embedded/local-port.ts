import { AppError } from '../ipc/app-error.ts';

/** The local service's port unless configured: one that no common developer tool (Jupyter, TensorBoard, MLflow, Vite…) uses. */
export const DEFAULT_LOCAL_PORT = 7717;
/** The environment variable that sets the local service's port (it wins over the app's setting; 0, a free port, is for tests). */
export const LOCAL_PORT_VARIABLE = 'TRACKDESK_LOCAL_PORT';

/** Checks a port number (0 only where `allowAny`); throws an `invalid_input` AppError naming `source`. */
export function checkedPort(value: unknown, source: string, allowAny: boolean): number {
  const port = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < (allowAny ? 0 : 1) || port > 65535) {
    throw new AppError('invalid_input', `${source} must be a port number from ${allowAny ? 0 : 1} to 65535, not "${String(value)}".`);
  }
  return port;
}

/** The port the local service listens on: TRACKDESK_LOCAL_PORT, else the app's setting, else the default. */
export function localServicePort(env: NodeJS.ProcessEnv, setting: number | undefined): number {
  const fromEnv = env[LOCAL_PORT_VARIABLE];
  if (fromEnv !== undefined && fromEnv !== '') return checkedPort(fromEnv, LOCAL_PORT_VARIABLE, true);
  return setting ?? DEFAULT_LOCAL_PORT;
}
