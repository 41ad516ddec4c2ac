import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { issueApiKey } from '../../../server/src/accounts/keys.ts';
import { channelNames, type ChannelInput, type ChannelName } from '../../../shared/ipc/index.ts';
import type { FileDialogs } from '../src/handlers/transfer-handlers.ts';
import { startTestServer } from '../../../server/test/support/harness.ts';
import { startOidcProvider } from '../../../server/test/support/oidc-provider.ts';
import { dispatch } from '../src/ipc/dispatch.ts';
import { startBackend, tempDir } from './helpers.ts';
import { userInfo } from 'node:os';
import { localWorkspaceName } from '../../../server/src/accounts/local-workspace.ts';

/** The local service's workspace, named for the person running the tests (issue 46; "admin" still reaches it). */
const LOCAL_WORKSPACE = localWorkspaceName(userInfo().username);

describe('nothing sent to the renderer carries an API key', () => {
  it('walks every channel through a full scenario and scans every answer and event', async () => {
    const files = await tempDir('trackdesk-leak-files-');
    const upload = join(files, 'report.txt');
    const saved = join(files, 'report-copy.txt');
    const configFile = join(files, '.comet.config');
    await writeFile(upload, 'accuracy 0.93\n');
    // The OS dialogs and clipboard are the only stand-ins: the user "picks" these paths; copied text is kept here.
    const offlineArchive = new URL('../../../server/test/fixtures/sdk-offline/offline-run.zip', import.meta.url).pathname;
    const dialogs: FileDialogs = { chooseOpen: async ({ title }) => (title === 'Import offline runs' ? [offlineArchive] : [upload]), chooseSave: async ({ defaultName }) => (defaultName === '.comet.config' ? configFile : saved) };
    const clipboard: string[] = [];
    const backend = await startBackend({ dialogs, clipboard: { writeText: (text) => void clipboard.push(text) } });
    const sent: unknown[] = [];
    backend.events.subscribe((name, payload) => sent.push({ name, payload }));
    const used = new Set<string>();
    const ipc = async <C extends ChannelName>(channel: C, input: ChannelInput<C>) => {
      used.add(channel);
      const envelope = await dispatch(backend.handlers, channel, input);
      sent.push(envelope);
      return envelope as { ok: boolean; data?: Record<string, unknown>; error?: { code: string; message: string } };
    };

    const admin = await backend.embedded!.whenReady();
    const alice = (await issueApiKey({ dataDir: backend.embedded!.dataDir, userName: 'alice' })).apiKey;
    const sessionKey = 'session-only-key-0123456789';
    const wrongKey = 'wrong-key-0123456789abcdef';

    await ipc('app.info', {});
    await ipc('service.status', {});
    const { data: created } = await ipc('profiles.create', { name: 'Alice', baseUrl: admin.baseUrl, apiKey: alice });
    const aliceId = (created?.profile as { id: string }).id;
    await ipc('profiles.create', { name: 'Lab', baseUrl: 'http://127.0.0.1:9', apiKey: sessionKey, keyStorage: 'session' });
    await ipc('profiles.update', { id: aliceId, name: 'Alice (self-hosted)' });
    expect((await ipc('profiles.test', { id: aliceId })).data).toMatchObject({ ok: true, userName: 'alice' });
    expect((await ipc('profiles.test', { baseUrl: admin.baseUrl, apiKey: wrongKey })).data).toMatchObject({ ok: false, problem: 'unauthorized' });
    await ipc('profiles.test', { id: 'local' });
    await ipc('profiles.setActive', { id: aliceId });
    expect((await ipc('api.call', { endpoint: 'accountDetails' })).data).toMatchObject({ userName: 'alice' });
    const { data: experiment } = await ipc('api.call', {
      endpoint: 'createExperiment',
      body: { workspaceName: 'alice', projectName: 'leak-check' },
      profileId: aliceId,
    });
    const experimentKey = experiment?.experimentKey as string;
    expect(experimentKey).toMatch(/\S/);
    await ipc('api.call', { endpoint: 'getExperimentMetadata', query: { experimentKey: 'unknown' } });

    // Sign-in: the service makes a key for this device, which stays in the backend; replies holding keys never pass api.*.
    expect((await ipc('api.call', { endpoint: 'createUser', profileId: 'local', body: { userName: 'sam', password: 'sam-password-123' } })).ok).toBe(true);
    const { data: signedIn } = await ipc('profiles.signIn', { name: 'Sam', baseUrl: admin.baseUrl, userName: 'sam', password: 'sam-password-123' });
    expect(signedIn).toMatchObject({ userName: 'sam', profile: { name: 'Sam', keyStorage: 'keychain' } });
    const samId = (signedIn?.profile as { id: string }).id;
    expect((await ipc('api.call', { endpoint: 'accountDetails', profileId: samId })).data).toMatchObject({ userName: 'sam' });
    expect((await ipc('api.call', { endpoint: 'createMyKey', profileId: samId, body: { name: 'x' } })).error).toMatchObject({ code: 'invalid_input' });
    const signInAgain = { userName: 'sam', password: 'sam-password-123', keyName: 'x' };
    expect((await ipc('api.bulk', { endpoint: 'signIn', items: [{ body: signInAgain }] })).error).toMatchObject({ code: 'invalid_input' });
    expect((await ipc('profiles.signIn', { name: 'Sam', baseUrl: admin.baseUrl, userName: 'sam', password: 'not-the-password' })).error)
      .toMatchObject({ code: 'unauthorized', message: expect.stringContaining('Wrong user name or password.') });
    expect((await ipc('profiles.signOut', { id: samId })).data).toMatchObject({ revokedOnService: true, profile: { keyStorage: 'missing' } });
    expect((await ipc('api.call', { endpoint: 'accountDetails', profileId: samId })).error).toMatchObject({ code: 'unauthorized' });

    // Single sign-on: the window gets the provider's page address and the outcome; the device key stays here.
    const provider = await startOidcProvider({ 'sub-rosa': { email: 'rosa@example.com', name: 'Rosa', preferred_username: 'rosa', groups: [] } });
    const sso = { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, displayName: 'Example ID', scopes: ['openid', 'profile'], roleRules: [], recheckMinutes: 0 };
    const ssoService = await startTestServer({ sso });
    try {
      expect((await ipc('signIn.options', { baseUrl: ssoService.url })).data).toEqual({ password: true, provider: 'Example ID' });
      const started = (await ipc('signIn.startWithProvider', { name: 'Rosa', baseUrl: ssoService.url })).data as { attemptId: string; authorizationUrl: string };
      const finished = ipc('signIn.finishWithProvider', { attemptId: started.attemptId });
      await fetch(await provider.signInThroughPages(started.authorizationUrl, 'sub-rosa'));
      expect((await finished).data).toMatchObject({ userName: 'rosa', profile: { name: 'Rosa', keyStorage: 'keychain' } });
      const abandoned = (await ipc('signIn.startWithProvider', { name: 'Rosa again', baseUrl: ssoService.url })).data as { attemptId: string };
      expect((await ipc('signIn.cancelWithProvider', { attemptId: abandoned.attemptId })).data).toEqual({ cancelled: true });
    } finally {
      await ssoService.close();
      await provider.close();
    }

    // Invitations: a link opens from any connection to its service; alice joins with hers; the embedded service allows no sign-up.
    const { data: invitation } = await ipc('api.call', { endpoint: 'createInvitation', profileId: 'local', body: { workspaceName: 'admin', role: 'viewer' } });
    const link = invitation?.link as string;
    const opened = await ipc('invitations.open', { link });
    expect(opened.data).toMatchObject({ baseUrl: admin.baseUrl, workspaceName: LOCAL_WORKSPACE, role: 'viewer', invitedBy: 'admin', signUpAllowed: false });
    expect((opened.data?.profiles as { id: string }[]).map((profile) => profile.id)).toEqual(expect.arrayContaining(['local', aliceId, samId]));
    expect((await ipc('invitations.accept', { link, profileId: aliceId })).data).toEqual({ workspaceName: LOCAL_WORKSPACE, role: 'viewer' });
    expect((await ipc('invitations.open', { link })).error).toMatchObject({ code: 'not_found' });
    const another = (await ipc('api.call', { endpoint: 'createInvitation', profileId: 'local', body: { workspaceName: 'admin', role: 'member' } })).data?.link as string;
    const signUp = { link: another, name: 'Newcomer', userName: 'newcomer', password: 'newcomer-password' };
    expect((await ipc('invitations.signUp', signUp)).error).toMatchObject({ code: 'forbidden', message: expect.stringContaining('does not allow sign-up by invitation') });
    expect((await ipc('invitations.open', { link: 'https://example.com/not-an-invitation' })).error).toMatchObject({ code: 'invalid_input' });
    backend.openedInvitations.open(another);
    expect((await ipc('invitations.takeOpened', {})).data).toEqual({ link: another });
    backend.openedExperiments.open(experiment?.link as string);
    const { data: openedRun } = await ipc('experiments.takeOpened', {});
    const run = await ipc('experiments.openLink', { link: openedRun?.link as string });
    expect(run.data).toMatchObject({ baseUrl: admin.baseUrl, workspaceName: 'alice', projectName: 'leak-check', experimentKey });
    expect((run.data?.profiles as { id: string }[]).map((profile) => profile.id)).toEqual(expect.arrayContaining(['local', aliceId, samId]));
    // A saved view's address opens the same way (trackdesk://open?view=).
    backend.openedViews.open(`${admin.baseUrl}/analysis-views/view-1`);
    const { data: openedView } = await ipc('views.takeOpened', {});
    const view = await ipc('views.openLink', { link: openedView?.link as string });
    expect(view.data).toMatchObject({ baseUrl: admin.baseUrl, viewId: 'view-1' });
    expect((view.data?.profiles as { id: string }[]).map((profile) => profile.id)).toEqual(expect.arrayContaining(['local', aliceId, samId]));
    await ipc('api.bulk', { endpoint: 'archiveExperiment', items: [{ query: { experimentKey } }, { query: { experimentKey: 'x' } }] });

    const { data: picked } = await ipc('files.chooseOpen', { title: 'Upload an asset' });
    expect((await ipc('transfers.upload', { transferId: 't1', endpoint: 'uploadAsset', query: { experimentKey }, filePath: join(files, 'other.txt') })).error)
      .toMatchObject({ code: 'forbidden' });
    const [pickedPath] = picked?.paths as string[];
    const { data: asset } = await ipc('transfers.upload', { transferId: 't1', endpoint: 'uploadAsset', query: { experimentKey }, filePath: pickedPath! });
    const { data: target } = await ipc('files.chooseSave', { defaultName: 'report.txt' });
    const download = await ipc('transfers.download', {
      transferId: 't2',
      endpoint: 'downloadAsset',
      query: { experimentKey, assetId: asset?.assetId },
      filePath: target?.path as string,
    });
    expect(download).toMatchObject({ ok: true, data: { filePath: saved, bytes: 14 } });
    const preview = await ipc('transfers.preview', { endpoint: 'downloadAsset', query: { experimentKey, assetId: asset?.assetId } });
    expect(preview).toMatchObject({ ok: true, data: { bytes: 14 } });
    const previews = await ipc('transfers.previewMany', { endpoint: 'downloadAsset', queries: [{ experimentKey, assetId: asset?.assetId }] });
    expect(previews).toMatchObject({ ok: true, data: { items: [{ ok: true, bytes: 14 }] } });
    expect(await ipc('assets.digests', { experimentKey, assetIds: [asset?.assetId as string] })).toMatchObject({ ok: true, data: { digests: [{ bytes: 14 }] } });
    expect(await ipc('files.saveText', { filePath: saved, text: '# evidence\n' })).toEqual({ ok: true, data: { filePath: saved, bytes: 11 } });
    await ipc('transfers.cancel', { transferId: 't2' });

    // Script settings: the connection's own key for a remote profile, a dedicated revocable key for the local service.
    expect((await ipc('scripts.settings', {})).data).toMatchObject({ keyKind: 'profile', keyReady: true, url: `${admin.baseUrl}/clientlib/`, canCopy: true });
    expect(await ipc('scripts.copy', { format: 'shell' })).toEqual({ ok: true, data: { copied: true } });
    expect(clipboard.at(-1)).toBe(`export COMET_URL_OVERRIDE='${admin.baseUrl}/clientlib/'\nexport COMET_API_KEY='${alice}'\n`);
    expect((await ipc('scripts.createKey', {})).data).toMatchObject({ profileId: 'local', keyKind: 'dedicated', keyReady: true });
    await ipc('scripts.copy', { profileId: 'local', format: 'python', projectName: 'mnist' });
    const scriptKey = /COMET_API_KEY"\] = "(\w+)"/.exec(clipboard.at(-1) ?? '')?.[1] ?? '';
    expect(scriptKey).toMatch(/^\w{40}$/);
    expect(clipboard.at(-1)).toContain('comet_ml.start(project_name="mnist")');
    const { data: chosenConfig } = await ipc('files.chooseSave', { defaultName: '.comet.config' });
    expect(await ipc('scripts.saveConfig', { profileId: 'local', filePath: chosenConfig?.path as string })).toEqual({ ok: true, data: { filePath: configFile } });
    expect(await readFile(configFile, 'utf8')).toBe(`[comet]\nurl_override = ${admin.baseUrl}/clientlib/\napi_key = ${scriptKey}\n`);
    expect((await stat(configFile)).mode & 0o777).toBe(0o600);
    expect((await ipc('scripts.saveConfig', { profileId: 'local', filePath: join(files, 'elsewhere.config') })).error).toMatchObject({ code: 'forbidden' });
    const asScript = () => fetch(`${admin.baseUrl}/api/rest/v2/account-details`, { headers: { Authorization: scriptKey } });
    expect((await asScript()).status).toBe(200);
    expect((await ipc('scripts.revokeKey', {})).data).toMatchObject({ keyReady: false });
    expect((await asScript()).status).toBe(401);
    expect((await ipc('scripts.copy', { profileId: 'local', format: 'config' })).error).toMatchObject({ code: 'not_found' });
    // A personal key for a script: made with the connection's own key, handed over once (clipboard or file), kept nowhere.
    const made = await ipc('scripts.createPersonalKey', { profileId: aliceId, name: 'trainer', readOnly: true, deliver: { to: 'clipboard', format: 'shell' } });
    expect(made.data).toMatchObject({ name: 'trainer', readOnly: true, deliveredTo: 'the clipboard' });
    const personalKey = /COMET_API_KEY='(\w+)'/.exec(clipboard.at(-1) ?? '')?.[1] ?? '';
    expect(personalKey.slice(0, 8)).toBe(made.data?.prefix);
    const personalFile = (await ipc('files.chooseSave', { defaultName: '.comet.config' })).data?.path as string;
    expect((await ipc('scripts.createPersonalKey', { profileId: aliceId, name: 'file', deliver: { to: 'file', filePath: personalFile } })).data).toMatchObject({ deliveredTo: configFile });
    expect(await readFile(personalFile, 'utf8')).toMatch(/^\[comet\]\nurl_override = .*\napi_key = \w{40}\n$/);
    const listed = (await ipc('api.call', { endpoint: 'listMyKeys', profileId: aliceId })).data?.keys as { name: string; readOnly: boolean }[];
    expect(listed.map(({ name, readOnly }) => ({ name, readOnly }))).toEqual(expect.arrayContaining([{ name: 'trainer', readOnly: true }, { name: 'file', readOnly: false }]));
    // Copying an experiment to another connection (alice's own workspace on the same service): plan, start, list, cancel, resume.
    const copy = { sourceProfileId: aliceId, targetProfileId: 'local', workspaceName: 'admin', projectName: 'copies', experimentKeys: [experimentKey] };
    expect((await ipc('copies.plan', copy)).data).toMatchObject({ targetIsOurs: true });
    const copyJob = (await ipc('copies.start', copy)).data as { jobId: string };
    await ipc('copies.cancel', { jobId: copyJob.jobId });
    await ipc('copies.resume', { jobId: copyJob.jobId });
    while (((await ipc('copies.list', {})).data?.jobs as { state: string }[]).some((job) => job.state === 'running')) await new Promise((resolve) => setTimeout(resolve, 100));
    await ipc('profiles.list', {});
    await ipc('profiles.remove', { id: aliceId });
    // TRACKDESK_LOCAL_PORT is set for the tests: the port setting is refused, saying why.
    expect((await ipc('service.setPort', { port: 7717 })).ok).toBe(false);
    // Offline archives: the SDK's archive imported into the local service, the watched folder read and left.
    expect((await ipc('offline.import', { importId: 'leak', paths: [offlineArchive] })).error).toMatchObject({ code: 'forbidden' });
    await ipc('files.chooseOpen', { title: 'Import offline runs', multiple: true });
    expect((await ipc('offline.import', { importId: 'leak', paths: [offlineArchive] })).data).toMatchObject({ results: [{ state: 'imported' }] });
    await ipc('offline.watchState', {});
    await ipc('offline.watch', { folder: null });
    expect((await ipc('files.chooseFolder', {})).ok).toBe(false);
    // This backend records no login start (it is the shell's): refused, saying so.
    expect((await ipc('service.loginStart', {})).ok).toBe(false);
    expect((await ipc('service.setLoginStart', { enabled: false })).ok).toBe(false);
    await ipc('service.stop', {});
    await ipc('service.restart', {});
    await ipc('profiles.test', { id: 'local' });
    await ipc('profiles.list', {});

    expect([...used].sort()).toEqual([...channelNames].sort());
    const everything = JSON.stringify(sent);
    const restarted = await backend.embedded!.whenReady();
    for (const key of [admin.apiKey, restarted.apiKey, alice, sessionKey, wrongKey, scriptKey, personalKey]) expect(everything).not.toContain(key);
    // Keys this test never saw (the signed-in device's): nothing shaped like a key (40 letters and digits) was sent.
    expect(everything.match(/(?<![\w-])[A-Za-z0-9]{40}(?![\w-])/g) ?? []).toEqual([]);
    expect(everything).not.toContain('sam-password-123');
    expect(everything).toContain('report.txt');
    expect(sent.length).toBeGreaterThan(30);
  });
});
