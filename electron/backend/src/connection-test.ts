import type { ConnectionTestResult } from '../../../shared/ipc/index.ts';
import { hostOf } from './client/request.ts';
import { ServiceClient } from './client/service-client.ts';
import type { ServiceTarget } from './client/target.ts';
import { AppError } from './ipc/app-error.ts';

/** How long the connection test waits for each answer. */
const TEST_TIMEOUT_MS = 10_000;

/** Calls account-details and workspaces once each (no retries) and says in plain words what worked or what is wrong. */
export async function testConnection(target: ServiceTarget): Promise<ConnectionTestResult> {
  const client = new ServiceClient(target, { retries: 0, timeoutMs: TEST_TIMEOUT_MS });
  try {
    const account = await client.call('accountDetails', {});
    const { workspaceNames } = await client.call('listWorkspaces', {});
    const count = `${workspaceNames.length} workspace${workspaceNames.length === 1 ? '' : 's'}`;
    return {
      ok: true,
      message: `Connected to ${hostOf(target.baseUrl)} as ${account.userName} (${count}).`,
      userName: account.userName,
      defaultWorkspaceName: account.defaultWorkspaceName,
      workspaceNames,
    };
  } catch (error) {
    return failedTest(error, target.baseUrl);
  }
}

/** The failed outcome of a connection test, with advice matching the kind of problem. */
export function failedTest(error: unknown, baseUrl: string): ConnectionTestResult {
  const host = hostOf(baseUrl);
  if (!(error instanceof AppError)) return { ok: false, problem: 'incompatible', message: `Testing ${host} failed unexpectedly.` };
  switch (error.code) {
    case 'unauthorized':
    case 'forbidden':
      return {
        ok: false,
        problem: 'unauthorized',
        message: `${host} refused the API key (${error.status ?? 401}: ${error.message}). Check that the key is complete and still valid.`,
      };
    case 'unreachable':
      return { ok: false, problem: 'unreachable', message: `${error.message} Check the address and your network connection.` };
    case 'timeout':
      return { ok: false, problem: 'timeout', message: `${error.message} The server may be down or blocked by a firewall.` };
    case 'tls':
      return { ok: false, problem: 'tls', message: `${error.message} Check the address (https vs http) and the server's certificate.` };
    case 'server_error':
    case 'throttled':
      return { ok: false, problem: 'server_error', message: `${host} answered with an error: ${error.message}` };
    case 'keychain_unavailable':
      return { ok: false, problem: 'keychain_unavailable', message: error.message };
    default:
      return {
        ok: false,
        problem: 'incompatible',
        message: `${error.code === 'incompatible' ? error.message : `${host} answered unexpectedly: ${error.message}`} Check that the address points at the service's API.`,
      };
  }
}
