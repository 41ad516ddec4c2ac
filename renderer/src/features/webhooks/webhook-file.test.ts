import { describe, expect, it } from 'vitest';
import { exportConfigFile, importConfigFile } from './webhook-file.ts';
import { entriesFromConfig } from './webhook-model.ts';

const saved = entriesFromConfig([
  {
    workspaceName: 'team',
    modelName: 'classifier',
    webhookUrls: [
      { name: 'ops', url: 'https://ops.example.com/hook', header: { Authorization: null, 'X-Team': null }, triggers: [], hasSecret: true },
    ],
  },
]);

describe('webhook configuration files', () => {
  it('exports every entry without secrets or the header values the service holds', () => {
    const typed = [{ ...saved[0]!, headers: [...saved[0]!.headers, { name: 'X-Env', value: 'prod', masked: false }] }];
    const text = exportConfigFile('team', typed, Date.UTC(2025, 0, 2));
    expect(JSON.parse(text)).toEqual({
      format: 'trackdesk-webhooks/1',
      workspaceName: 'team',
      exportedAt: '2025-01-02T00:00:00.000Z',
      webhookConfigs: [
        {
          modelName: 'classifier',
          webhookUrls: [
            {
              name: 'ops',
              url: 'https://ops.example.com/hook',
              header: { 'X-Env': 'prod' },
              redactedHeaders: ['Authorization', 'X-Team'],
              triggers: [],
              hadSecret: true,
            },
          ],
        },
      ],
    });
  });

  it('imports an export, keeping the stored values and secrets of the matching saved entry', () => {
    const text = exportConfigFile('team', saved, 0);
    const same = importConfigFile(text, saved);
    expect(same).toMatchObject({ ok: true, valuesToEnter: 0, secretsNotIncluded: 0 });
    expect(same.ok && same.entries[0]?.headers).toEqual([
      { name: 'Authorization', value: null, masked: true, stored: true },
      { name: 'X-Team', value: null, masked: true, stored: true },
    ]);
    expect(same.ok && same.entries[0]?.hasSecret).toBe(true);
    const elsewhere = importConfigFile(text, []);
    expect(elsewhere).toMatchObject({ ok: true, valuesToEnter: 2, secretsNotIncluded: 1 });
    expect(elsewhere.ok && elsewhere.entries[0]?.headers[0]).toEqual({ name: 'Authorization', value: null, masked: true });
  });

  it('imports a plain E56 body and refuses what is not a configuration', () => {
    const body = { webhookConfigs: [{ workspaceName: 'other', modelName: null, webhookUrls: [{ url: ' http://127.0.0.1:1/x ', header: { A: 'b' } }] }] };
    const result = importConfigFile(JSON.stringify(body), []);
    expect(result.ok && result.entries.map(({ modelName, url, name, headers }) => ({ modelName, url, name, headers }))).toEqual([
      { modelName: '', url: 'http://127.0.0.1:1/x', name: '', headers: [{ name: 'A', value: 'b', masked: false }] },
    ]);
    expect(importConfigFile('not json', [])).toEqual({ ok: false, message: 'The file is not JSON.' });
    const wrong = importConfigFile('{"webhookConfigs":[{"webhookUrls":[{"url":"x","triggers":["NOPE"]}]}]}', []);
    expect(wrong.ok).toBe(false);
    expect(wrong.ok ? '' : wrong.message).toMatch(/^The file is not a webhook configuration \(webhookConfigs\.0\.webhookUrls\.0\.triggers\.0/);
  });
});
