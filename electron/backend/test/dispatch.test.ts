import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../src/backend.ts';
import { AppError } from '../src/ipc/app-error.ts';
import { dispatch, type Handlers } from '../src/ipc/dispatch.ts';

const backend = createBackend({ userDataDir: await mkdtemp(join(tmpdir(), 'trackdesk-dispatch-')) });

describe('ipc dispatch', () => {
  it('answers app.info with the version from package.json', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(await dispatch(backend.handlers, 'app.info', {})).toEqual({ ok: true, data: { name: 'Trackdesk', version } });
  });

  it('lists the embedded profile first and active', async () => {
    const reply = await dispatch(backend.handlers, 'profiles.list', {});
    expect(reply).toMatchObject({ ok: true, data: { activeProfileId: 'local', profiles: [{ id: 'local', kind: 'embedded' }] } });
  });

  it('refuses an unknown channel', async () => {
    expect(await dispatch(backend.handlers, 'fs.readFile', {})).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
  });

  it('refuses input that does not match the channel schema', async () => {
    const reply = await dispatch(backend.handlers, 'app.info', 'not an object');
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('passes an AppError through and hides other errors', async () => {
    const failing = (error: Error): Handlers => ({ ...backend.handlers, 'app.info': async () => Promise.reject(error) });
    const known = await dispatch(failing(new AppError('not_found', 'No such project.', { status: 404 })), 'app.info', {});
    expect(known).toEqual({ ok: false, error: { code: 'not_found', message: 'No such project.', status: 404 } });
    const unknown = await dispatch(failing(new Error('secret internals')), 'app.info', {});
    expect(unknown).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(unknown)).not.toContain('secret internals');
  });

  it('refuses output that breaks the contract', async () => {
    const broken = { ...backend.handlers, 'app.info': async () => ({ name: 'Trackdesk' }) } as unknown as Handlers;
    expect(await dispatch(broken, 'app.info', {})).toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});
