import { describe, expect, it } from 'vitest';
import { entryProblems, urlProblem } from './entry-validation.ts';
import { diffConfig, hasChanges, saveBody } from './webhook-diff.ts';
import { fromHeaderRows, toHeaderRows, type HeaderRow } from './header-rows.tsx';
import { entriesFromConfig, looksSecret, MASK, toWireEntry, type WebhookEntry } from './webhook-model.ts';

const saved = entriesFromConfig([
  {
    workspaceName: 'team',
    modelName: '',
    webhookUrls: [
      { name: 'ops', url: 'https://ops.example.com/hook', header: { Authorization: null, 'X-Team': null }, triggers: [], hasSecret: true },
      { name: 'audit', url: 'https://audit.example.com/hook', header: {}, triggers: ['MODEL_VERSION_STAGE_CHANGED'], hasSecret: false },
    ],
  },
  { workspaceName: 'team', modelName: 'classifier', webhookUrls: [{ name: '', url: 'http://127.0.0.1:9000/x', header: {}, triggers: [], hasSecret: false }] },
]);

const edit = (entry: WebhookEntry, change: Partial<WebhookEntry>): WebhookEntry => ({ ...entry, ...change });
const [ops, audit, local] = saved as [WebhookEntry, WebhookEntry, WebhookEntry];
const added: WebhookEntry = {
  id: 'new',
  modelName: 'classifier',
  name: 'deploy',
  url: 'https://deploy.example.com/',
  headers: [{ name: 'X-Api-Key', value: 'k-123', masked: false }],
  triggers: [],
  hasSecret: false,
  secret: { action: 'set', value: 'topsecret' },
};

describe('webhook configuration diff', () => {
  it('holds the headers the service read back as stored and masked (their values are never read back)', () => {
    expect(ops.headers).toEqual([
      { name: 'Authorization', value: null, masked: true, stored: true },
      { name: 'X-Team', value: null, masked: true, stored: true },
    ]);
    expect(looksSecret('X-Signature', 'abc')).toBe(true);
    expect(looksSecret('X-Custom', 'Bearer abc')).toBe(true);
    expect(looksSecret('X-Custom', 'a1b2c3d4e5f6a7b8c9d0e1f2')).toBe(true);
    expect(looksSecret('X-Team', 'machine learning')).toBe(false);
  });

  it("reads back each address's run-event body format, sends it, and lists a change of it (issue 45)", () => {
    const [slack] = entriesFromConfig([
      { workspaceName: 'team', modelName: '', webhookUrls: [{ name: 'chat', url: 'https://hooks.example.com/x', header: {}, triggers: ['EXPERIMENT_ALERT'], hasSecret: false, bodyFormat: 'slack' }] },
    ]) as [WebhookEntry];
    expect(slack.bodyFormat).toBe('slack');
    expect(ops.bodyFormat).toBe('trackdesk');
    expect(toWireEntry(slack)).toMatchObject({ bodyFormat: 'slack', triggers: ['EXPERIMENT_ALERT'] });
    const diff = diffConfig(saved, [edit(ops, { bodyFormat: 'slack' }), audit, local], 'replace');
    expect(diff.changed.map((change) => change.changes)).toEqual([[{ field: 'run event body', before: 'Trackdesk JSON', after: 'Slack message ({"text": …})' }]]);
  });

  it('finds nothing to save in an unedited configuration', () => {
    for (const mode of ['merge', 'replace'] as const) expect(hasChanges(diffConfig(saved, saved, mode))).toBe(false);
  });

  it('lists added, changed and removed entries field by field, never showing a secret', () => {
    const rotated = edit(ops, {
      name: 'ops-team',
      headers: [{ name: 'Authorization', value: 'Bearer rotated', masked: true }],
      secret: { action: 'clear' },
    });
    const diff = diffConfig(saved, [rotated, local, added], 'replace');
    expect(diff.added.map((change) => change.entry.url)).toEqual(['https://deploy.example.com/']);
    expect(diff.added[0]?.changes).toEqual([
      { field: 'name', before: '—', after: 'deploy' },
      { field: 'header X-Api-Key', before: '—', after: MASK },
      { field: 'triggers', before: '—', after: 'stage changes (default)' },
      { field: 'signing secret', before: '—', after: 'set' },
    ]);
    expect(diff.changed[0]?.changes).toEqual([
      { field: 'name', before: 'ops', after: 'ops-team' },
      { field: 'header Authorization', before: MASK, after: `${MASK} (changed)` },
      { field: 'header X-Team', before: MASK, after: '—' },
      { field: 'signing secret', before: 'set', after: 'none' },
    ]);
    expect(diff.missing.map((change) => change.entry.url)).toEqual(['https://audit.example.com/hook']);
    expect(diff.unchanged).toEqual([local]);
    expect(JSON.stringify(diff.added.concat(diff.changed, diff.missing).map((change) => change.changes))).not.toMatch(/s3cret|rotated|k-123|topsecret/);
  });

  it('merge sends only added and changed entries and cannot remove; replace sends everything', () => {
    const edited = [edit(ops, { triggers: ['MODEL_VERSION_STAGE_CHANGED'] }), local, added];
    const merge = diffConfig(saved, edited, 'merge');
    expect(saveBody('team', edited, merge)).toEqual({
      webhookConfigs: [
        {
          workspaceName: 'team',
          modelName: '',
          webhookUrls: [{ name: 'ops', url: 'https://ops.example.com/hook', header: { Authorization: null, 'X-Team': null }, triggers: ['MODEL_VERSION_STAGE_CHANGED'], bodyFormat: 'trackdesk' }],
        },
        {
          workspaceName: 'team',
          modelName: 'classifier',
          webhookUrls: [{ name: 'deploy', url: 'https://deploy.example.com/', header: { 'X-Api-Key': 'k-123' }, triggers: [], secret: 'topsecret' }],
        },
      ],
    });
    expect(merge.missing).toHaveLength(1);
    expect(hasChanges(diffConfig(saved, [ops, local], 'merge'))).toBe(false);
    expect(hasChanges(diffConfig(saved, [ops, local], 'replace'))).toBe(true);
    const replace = saveBody('team', edited, diffConfig(saved, edited, 'replace'));
    expect(replace.webhookConfigs.flatMap((item) => item.webhookUrls.map((url) => url.url))).toEqual([
      'https://ops.example.com/hook',
      'http://127.0.0.1:9000/x',
      'https://deploy.example.com/',
    ]);
    expect(saveBody('team', [], diffConfig(saved, [], 'replace'))).toEqual({ webhookConfigs: [{ workspaceName: 'team', modelName: '', webhookUrls: [] }] });
  });

  it('an edited URL is a new entry; merge leaves the old address in place', () => {
    const moved = edit(audit, { url: 'https://audit2.example.com/hook' });
    const merge = diffConfig(saved, [ops, moved, local], 'merge');
    expect(merge.added.map((change) => change.entry.url)).toEqual(['https://audit2.example.com/hook']);
    expect(merge.missing.map((change) => change.entry.url)).toEqual(['https://audit.example.com/hook']);
  });
});

describe('webhook entry validation', () => {
  it('accepts http and https addresses only, without credentials', () => {
    expect(urlProblem('https://hooks.example.com/x')).toBeNull();
    expect(urlProblem('http://127.0.0.1:8080/hook')).toBeNull();
    expect(urlProblem('hooks.example.com')).toBe('Start the address with http:// or https://, e.g. https://hooks.example.com/trackdesk.');
    expect(urlProblem('localhost:8080/hook')).toBe('Start the address with http:// or https://, e.g. https://hooks.example.com/trackdesk.');
    expect(urlProblem('http://localhost:8080/hook')).toBeNull();
    expect(urlProblem('ftp://example.com/x')).toBe('Only http and https addresses can be notified, not ftp: start the address with http:// or https://.');
    expect(urlProblem('https://user:pw@example.com/')).toMatch(/credentials/);
    expect(urlProblem('')).toMatch(/Enter the address/);
  });

  it('names the problem of each field: duplicates, reserved and invalid headers, missing values', () => {
    const entry: WebhookEntry = {
      ...added,
      id: 'x',
      url: 'http://127.0.0.1:9000/x',
      headers: [
        { name: 'Content-Type', value: 'text/plain', masked: false },
        { name: 'Bad Name', value: 'v', masked: false },
        { name: 'Authorization', value: null, masked: true },
        { name: 'authorization', value: 'again', masked: true },
        { name: 'X-Stored', value: null, masked: true, stored: true },
      ],
      secret: { action: 'set', value: '' },
    };
    expect(entryProblems(entry, saved)).toEqual({
      url: 'This address is already configured for model “classifier”.',
      secret: 'Enter the secret, or keep the current one.',
      'header:0': 'Trackdesk sets Content-Type itself; it cannot be configured.',
      'header:1': '“Bad Name” is not a valid header name (letters, digits and !#$%&\'*+.^_`|~- only).',
      'header:2': 'Enter the value of Authorization: it was not in the imported file.',
      'header:3': 'authorization is listed twice.',
    });
  });
});

describe('header form rows', () => {
  it('keep a stored value while nothing is typed, replace it when something is, and never carry it to a new name', () => {
    const rows = toHeaderRows(ops.headers);
    expect(rows.map((row) => row.input)).toEqual(['', '']);
    expect(fromHeaderRows(rows)).toEqual(ops.headers);
    const [authorization, team] = rows as [HeaderRow, HeaderRow];
    expect(fromHeaderRows([{ ...authorization, input: 'Bearer new' }, { ...team, name: 'X-Group' }])).toEqual([
      { name: 'Authorization', value: 'Bearer new', masked: true },
      { name: 'X-Group', value: null, masked: true },
    ]);
    expect(toWireEntry({ ...ops, headers: fromHeaderRows(rows) }).header).toEqual({ Authorization: null, 'X-Team': null });
  });
});
