import type { ApiEndpointName, ApiReply, ApiRequest } from '../shared/ipc/index.ts';
import { TOKEN_HEADER } from '../electron/web/security.ts';
import type { ShellUnderTest } from './fixtures.ts';

/**
 * Calls one endpoint of the embedded service from the test process, for setup only: through the shell's own
 * `api.call` channel (the backend adds the key, which never leaves it), authorised by the shell's token.
 */
export async function callService<N extends ApiEndpointName>(shell: ShellUnderTest, endpoint: N, request: ApiRequest<N>): Promise<ApiReply<N>> {
  const token = new URL(shell.url).searchParams.get('token') ?? '';
  const response = await fetch(`${shell.origin}/ipc/api.call`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
    body: JSON.stringify({ endpoint, ...request }),
  });
  const envelope = (await response.json()) as { ok: true; data: ApiReply<N> } | { ok: false; error: { message: string } };
  if (!envelope.ok) throw new Error(`${endpoint} failed during setup: ${envelope.error.message}`);
  return envelope.data;
}

/** Creates a project in the embedded service's default workspace `admin` and answers its id. */
export async function seedProject(shell: ShellUnderTest, projectName: string): Promise<string> {
  const { projectId } = await callService(shell, 'createProject', {
    body: { workspaceName: 'admin', projectName, projectDescription: '', isPublic: false },
  });
  return projectId;
}

/** Creates experiments with the given names in a project of workspace `admin`; answers their keys in order. */
export async function seedExperiments(shell: ShellUnderTest, projectName: string, names: readonly string[]): Promise<string[]> {
  const keys: string[] = [];
  for (const experimentName of names) {
    keys.push((await callService(shell, 'createExperiment', { body: { workspaceName: 'admin', projectName, experimentName } })).experimentKey);
  }
  return keys;
}
