import { describe, expect, it } from 'vitest';
import { compareVersions, type VersionFacts } from './comparison.ts';
import type { EvidenceRecord } from './evidence-document.ts';
import { escapeHtml, escapeMarkdown, evidenceFile } from './evidence-render.ts';

const hostile = '<script>alert("x")</script> | **bold** [link](javascript:alert(1)) & \'q\'\n# heading';

const facts = (version: string, accuracy: string, extra: Partial<VersionFacts> = {}): VersionFacts => ({
  registryModelItemId: `id-${version}`,
  version,
  status: 'None',
  stages: [],
  experimentKey: `key-${version}`,
  experimentModelName: 'net',
  metrics: [{ name: 'accuracy', valueCurrent: accuracy, valueMin: '0.1', valueMax: accuracy, stepCurrent: 9, stepMin: 0, stepMax: 9 }],
  parameters: [{ name: 'lr', valueCurrent: version === '2.0.0' ? '0.01' : '0.1', valueMin: '', valueMax: '' }],
  files: [{ fileName: 'weights.bin', fileSize: 12, sha256: version === '2.0.0' ? 'ab12' : 'cd34' }],
  tags: [],
  metadata: {},
  ...extra,
});

function record(): EvidenceRecord {
  const candidate = facts('2.0.0', '0.93', { metadata: { note: hostile } });
  const current = facts('1.0.0', '0.81');
  return {
    workspaceName: 'admin',
    modelName: 'classifier',
    change: { kind: 'stage', value: 'production' },
    generatedAt: Date.UTC(2026, 10, 25, 12, 0, 0),
    candidate,
    current,
    comparison: compareVersions(candidate, current),
    webhooks: [{ name: hostile, url: 'https://hooks.example/x', scope: 'model', events: ['MODEL_VERSION_STAGE_CHANGED'] }],
    policy: 'production needs approval by bob',
    decision: { outcome: 'approved', by: 'bob', at: Date.UTC(2026, 10, 25, 12, 5, 0), comment: hostile },
    approvals: [{ at: Date.UTC(2026, 10, 25, 12, 5, 0), version: '2.0.0', what: 'approved', who: 'bob', comment: 'looks good' }],
    history: [],
    deliveries: [],
  };
}

describe('escaping', () => {
  it('HTML: the five markup characters become entities', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('Markdown: punctuation is escaped, tags become entities, line breaks spaces', () => {
    expect(escapeMarkdown('a|b *c* [d](e)\n# f <i>')).toBe('a\\|b \\*c\\* \\[d\\]\\(e\\) \\# f &lt;i&gt;');
  });
});

describe('evidence exports', () => {
  it('HTML holds both versions, their metrics, the decision and approval, with every value escaped and nothing to load or run', () => {
    const { text, fileName, mediaType } = evidenceFile(record(), 'html');
    expect(fileName).toBe('evidence-classifier-2.0.0-production.html');
    expect(mediaType).toBe('text/html');
    expect(text).toContain('<td>2.0.0</td>');
    expect(text).toContain('<td>1.0.0</td>');
    expect(text).toContain('<td>0.93 (step 9)</td>');
    expect(text).toContain('<td>0.81 (step 9)</td>');
    expect(text).toContain('<p>Outcome: approved</p>');
    expect(text).toContain('<td>looks good</td>');
    expect(text).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(text).not.toMatch(/<script|javascript:alert\(1\)\)<|src=|href=/i);
    expect(text).toContain(`default-src 'none'`);
  });

  it('Markdown holds the same, with no value able to add a row, a heading, a link or markup', () => {
    const { text, fileName } = evidenceFile(record(), 'md');
    expect(fileName).toBe('evidence-classifier-2.0.0-production.md');
    expect(text.startsWith('# Promotion evidence: classifier 2\\.0\\.0 → stage production\n')).toBe(true);
    expect(text).toContain('| accuracy | higher is better | 0\\.93 \\(step 9\\) | 0\\.93 \\(step 9\\) | 0\\.81 \\(step 9\\) | 0\\.81 \\(step 9\\) |');
    expect(text).toContain('| lr | 0\\.01 | 0\\.1 | yes |');
    expect(text).toContain('Outcome: approved');
    expect(text).not.toContain('<script>');
    expect(text).not.toContain('](javascript');
    expect(text).not.toMatch(/^# heading/m);
    const rowsWithHostile = text.split('\n').filter((line) => line.includes('alert'));
    for (const line of rowsWithHostile) expect(line.split(/(?<!\\)\|/).length).toBeLessThanOrEqual(7);
  });

  it('with the recorded moments, renders what the service recorded at filing and at decision instead of the live comparison', () => {
    const candidate = facts('2.0.0', '0.93');
    const replaced = facts('1.0.0', '0.81', { stages: ['production'] });
    const moment = (kind: 'filed' | 'decided', current: VersionFacts | null) => ({
      moment: kind,
      state: kind === 'filed' ? 'pending' : 'approved',
      capturedAt: Date.UTC(2026, 10, 25, kind === 'filed' ? 11 : 12, 0, 0),
      capturedBy: kind === 'filed' ? 'rita' : 'bob',
      candidate,
      current,
      comparison: compareVersions(candidate, current),
      leftOut: kind === 'decided' ? ['Holder 1.0.0: 20 metrics left out to keep the record bounded.'] : [],
    });
    const live = { ...record(), current: null, comparison: compareVersions(candidate, null) };
    const { text } = evidenceFile({ ...live, recorded: [moment('filed', replaced), moment('decided', replaced)] }, 'html');
    expect(text).toContain('<h2>Recorded when the request was filed</h2>');
    expect(text).toContain('<p>Captured by the service 2026-11-25 12:00:00 UTC, by bob, in the transaction that decided the request (then approved).</p>');
    expect(text).toContain('<h2>When decided: Metrics</h2>');
    expect(text).toMatch(/<td>Holder then<\/td><td>1\.0\.0<\/td><td>None<\/td><td>production<\/td>/);
    expect(text).toContain('<td>0.81 (step 9)</td>');
    expect(text).toContain('20 metrics left out');
    expect(text).not.toContain('compared with nothing');
    expect(text).not.toContain('<h2>Versions</h2>');
  });
});
