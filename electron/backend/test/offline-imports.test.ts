import { randomBytes } from 'node:crypto';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import yazl from 'yazl';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../shared/ipc/index.ts';
import type { Backend } from '../src/backend.ts';
import { zipEntries } from '../src/offline-import/archive-zip.ts';
import { call, callError, startBackend, tempDir } from './helpers.ts';

const FIXTURE = new URL('../../../server/test/fixtures/sdk-offline/offline-run.zip', import.meta.url).pathname;

/** The SDK's archive with another run key (as a second offline run of the same script would have). */
async function archiveWithNewKey(path: string): Promise<string> {
  const entries = zipEntries(await readFile(FIXTURE));
  const key = randomBytes(16).toString('hex');
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of entries) {
    const data = name === 'experiment.json' ? Buffer.from(JSON.stringify({ ...JSON.parse(bytes.toString('utf8')), offline_id: key })) : bytes;
    zip.addBuffer(data, name);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  await writeFile(path, Buffer.concat(chunks));
  return key;
}

let backend: Backend & { userDataDir: string };
let progress: EventPayload<'offline.progress'>[];
beforeAll(async () => {
  backend = await startBackend({ offlinePollMs: 50 });
  progress = [];
  backend.events.subscribe((name, payload) => {
    if (name === 'offline.progress') progress.push(payload as EventPayload<'offline.progress'>);
  });
  await backend.embedded!.whenReady();
});

const runOf = async (experimentKey: string) => (await call(backend, 'api.call', { endpoint: 'getExperimentMetadata', query: { experimentKey } })) as { projectName: string };

describe('Import offline runs… into the local service', () => {
  it('imports picked archives one by one, with progress and a result for each (errors said, repeats recognised)', async () => {
    const folder = await tempDir();
    const notAnArchive = join(folder, 'notes.zip');
    await writeFile(notAnArchive, 'not a zip');
    const { results } = await call(backend, 'offline.import', { importId: 'pick-1', paths: [FIXTURE, notAnArchive, FIXTURE] });
    expect(results.map((result) => [result.fileName, result.state])).toEqual([
      ['offline-run.zip', 'imported'],
      ['notes.zip', 'failed'],
      ['offline-run.zip', 'already-imported'],
    ]);
    expect(results[0]).toMatchObject({ projectName: 'offline-demo', problems: [], counts: { metrics: 41, parameters: 24, others: 3, outputLines: 24, files: 3 } });
    expect(results[1]?.message).toBe('Not an offline run archive the SDK wrote: it is not a zip file.');
    expect((await runOf(results[0]?.experimentKey ?? '')).projectName).toBe('offline-demo');
    const first = progress.filter((event) => event.importId === 'pick-1' && event.index === 0);
    expect(first[0]).toMatchObject({ fileName: 'offline-run.zip', count: 3, done: 0 });
    expect(first.at(-1)).toMatchObject({ done: 1, result: { state: 'imported' } });
    expect(first.length).toBeGreaterThan(2);
  });

  it('watches a folder: each new archive is imported once, and recorded as done in the data folder', async () => {
    const folder = await tempDir();
    const state = await call(backend, 'offline.watch', { folder });
    expect(state).toMatchObject({ folder, doneFile: join(backend.userDataDir, 'offline-imports.json') });
    const key = await archiveWithNewKey(join(folder, 'run-a.zip'));
    const imported = async () => (await call(backend, 'offline.watchState', {})).recent.filter((result) => result.fileName === 'run-a.zip');
    const deadline = Date.now() + 20_000;
    while ((await imported()).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await imported()).toEqual([expect.objectContaining({ state: 'imported', experimentKey: key })]);
    expect((await runOf(key)).projectName).toBe('offline-demo');
    const done = JSON.parse(await readFile(join(backend.userDataDir, 'offline-imports.json'), 'utf8')) as { done: Record<string, unknown> };
    expect(Object.keys(done.done)).toEqual([join(folder, 'run-a.zip')]);

    // Later looks leave it alone; a new archive copied in is imported in its turn.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await imported()).toHaveLength(1);
    await copyFile(FIXTURE, join(folder, 'run-b.zip'));
    while (!(await call(backend, 'offline.watchState', {})).recent.some((result) => result.fileName === 'run-b.zip') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await call(backend, 'offline.watchState', {})).recent[0]).toMatchObject({ fileName: 'run-b.zip', state: 'already-imported' });
    expect(await call(backend, 'offline.watch', { folder: null })).toMatchObject({ folder: null });
  });

  it('refuses to watch something that is not a folder', async () => {
    expect((await callError(backend, 'offline.watch', { folder: FIXTURE })).message).toMatch(/^Choose a folder to watch: .* is not a folder\.$/);
  });
});
