import { CONTROL_HEADER, CONTROL_PATH, IDENTITY_PATH, SERVICE_NAME, type ControlReply, type ControlRequest, type ServiceIdentity } from './local-routes.ts';
import { isSameProcess, type ServiceInfo } from './service-files.ts';

/** The identity the service at `url` answers, when it is a Trackdesk local service (undefined for anything else or nothing). */
export async function fetchIdentity(url: string, timeoutMs = 2_000): Promise<ServiceIdentity | undefined> {
  try {
    const response = await fetch(`${url}${IDENTITY_PATH}`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return undefined;
    const identity = (await response.json()) as Partial<ServiceIdentity>;
    return identity.service === SERVICE_NAME ? (identity as ServiceIdentity) : undefined;
  } catch {
    return undefined;
  }
}

/** True when the service `info` describes answers at its address as itself. */
export async function answersAsItself(info: ServiceInfo): Promise<boolean> {
  return (await fetchIdentity(info.url))?.instanceId === info.instanceId;
}

/** Sends one control request to the service `info` describes, with its control secret. */
export async function sendControl(info: ServiceInfo, request: ControlRequest, timeoutMs = 30_000): Promise<ControlReply> {
  const response = await fetch(`${info.url}${CONTROL_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CONTROL_HEADER]: info.controlSecret },
    body: JSON.stringify(request),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await response.json()) as ControlReply & { msg?: string };
  if (!response.ok) throw new Error(body.msg ?? `the local service answered ${response.status}`);
  return body;
}

/** Asks the service `info` describes to stop and waits until its process is gone (ending it after `graceMs`). */
export async function stopService(info: ServiceInfo, graceMs = 5_000): Promise<void> {
  await sendControl(info, { type: 'stop' }, graceMs).catch(() => undefined);
  const deadline = Date.now() + graceMs;
  while (isSameProcess(info.pid, info.pidStart)) {
    if (Date.now() > deadline) {
      process.kill(info.pid, 'SIGKILL');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

