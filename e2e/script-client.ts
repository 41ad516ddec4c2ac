import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { api, fullPath, type BodyInput, type EndpointName, type QueryInput } from '../shared/api/index.ts';
import { expect, type Page } from '@playwright/test';
import { seedProject } from './experiments-seed.ts';
import type { ShellUnderTest } from './fixtures.ts';
import { shellChannel } from './helpers/registry-seed.ts';

/** What a training script is given: the service's address for scripts and a key. */
export interface ScriptSettings {
  /** `COMET_URL_OVERRIDE`: `<service>/clientlib/`. */
  url: string;
  apiKey: string;
}

/** The settings in a `.comet.config` file as the app writes it. */
export async function readCometConfig(path: string): Promise<ScriptSettings> {
  const text = await readFile(path, 'utf8');
  const url = /^url_override = (\S+)$/m.exec(text)?.[1];
  const apiKey = /^api_key = (\S+)$/m.exec(text)?.[1];
  if (!url || !apiKey) throw new Error(`Not a config file the app wrote:\n${text}`);
  return { url, apiKey };
}

/** The settings a user gets from the app: a key for scripts created and saved to a config file, as the panel does. */
export async function scriptSettingsFromApp(shell: ShellUnderTest): Promise<ScriptSettings> {
  await shellChannel(shell, 'scripts.createKey', {});
  const { filePath } = await shellChannel<{ filePath: string }>(shell, 'scripts.saveConfig', { profileId: 'local', filePath: join(shell.userDataDir, 'script.config') });
  return readCometConfig(filePath);
}

/** A training script's calls over the v2 REST API, with its own key (as the SDK's REST writes are made). */
export class ScriptClient {
  private readonly root: string;
  private readonly apiKey: string;

  constructor(settings: ScriptSettings) {
    this.root = new URL(settings.url).origin;
    this.apiKey = settings.apiKey;
  }

  /** Calls one endpoint and answers its status and JSON body. */
  async call<N extends EndpointName>(name: N, input: { query?: QueryInput<(typeof api)[N]>; body?: BodyInput<(typeof api)[N]> }): Promise<{ status: number; body: Record<string, unknown> }> {
    const endpoint = api[name];
    const query = new URLSearchParams(Object.entries(input.query ?? {}).map(([key, value]) => [key, String(value)])).toString();
    const response = await fetch(`${this.root}${fullPath(endpoint)}${query ? `?${query}` : ''}`, {
      method: endpoint.method,
      headers: { Authorization: this.apiKey, ...(input.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** Calls one endpoint and fails unless it answered 200. */
  async ok<N extends EndpointName>(name: N, input: { query?: QueryInput<(typeof api)[N]>; body?: BodyInput<(typeof api)[N]> }): Promise<Record<string, unknown>> {
    const reply = await this.call(name, input);
    if (reply.status !== 200) throw new Error(`${name} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    return reply.body;
  }
}

/**
 * Opens a new project's experiment table as a researcher would before starting a script, and answers the project and
 * a script client on the app's local service (the page marked, so that a reload would show).
 */
export async function openProjectForScript(page: Page, shell: ShellUnderTest, projectName: string): Promise<{ projectId: string; script: ScriptClient }> {
  const projectId = await seedProject(shell, projectName);
  await page.goto(shell.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  const script = new ScriptClient(await scriptSettingsFromApp(shell));
  await page.goto(`${shell.origin}/#/projects/${projectId}`);
  await expect(page.locator('[data-table-state="ready"]')).toBeVisible();
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  return { projectId, script };
}
