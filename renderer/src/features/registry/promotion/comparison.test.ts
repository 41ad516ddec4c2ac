import { describe, expect, it } from 'vitest';
import { compareFiles, compareMetrics, compareParameters, compareTags, compareVersions, steppedText, type VersionFacts } from './comparison.ts';

const summary = (name: string, current: string, min: string, max: string, steps: [number | null, number | null, number | null] = [null, null, null]) => ({
  name,
  valueCurrent: current,
  valueMin: min,
  valueMax: max,
  stepCurrent: steps[0],
  stepMin: steps[1],
  stepMax: steps[2],
});

describe('metric comparison', () => {
  it('gives last and best with steps for each side, by name, and null where a side lacks the metric', () => {
    const rows = compareMetrics([summary('loss', '0.2', '0.1', '0.9', [30, 20, 1]), summary('acc', '0.9', '0.5', '0.95', [30, 1, 25])], [summary('acc', '0.8', '0.4', '0.85', [10, 1, 9])]);
    expect(rows.map((row) => row.name)).toEqual(['acc', 'loss']);
    expect(rows[0]).toEqual({
      name: 'acc',
      better: 'higher',
      candidate: { last: { value: '0.9', step: 30 }, best: { value: '0.95', step: 25 } },
      current: { last: { value: '0.8', step: 10 }, best: { value: '0.85', step: 9 } },
    });
    expect(rows[1]).toEqual({ name: 'loss', better: 'lower', candidate: { last: { value: '0.2', step: 30 }, best: { value: '0.1', step: 20 } }, current: null });
    expect(compareMetrics([summary('sys.gpu.0.used_memory', '900', '100', '950')], [])[0]).toEqual({
      name: 'sys.gpu.0.used_memory',
      better: null,
      candidate: { last: { value: '900', step: null }, best: null },
      current: null,
    });
    expect(steppedText({ value: '0.1', step: 20 })).toBe('0.1 (step 20)');
    expect(steppedText({ value: '0.1', step: null })).toBe('0.1');
  });
});

describe('parameters, files and tags', () => {
  it('lists differing parameters first, then the equal ones', () => {
    const rows = compareParameters([summary('lr', '0.1', '', ''), summary('batch', '32', '', ''), summary('seed', '1', '', '')], [summary('lr', '0.01', '', ''), summary('batch', '32', '', ''), summary('optim', 'adam', '', '')]);
    expect(rows.map((row) => [row.name, row.differs])).toEqual([['lr', true], ['optim', true], ['seed', true], ['batch', false]]);
    expect(rows[1]).toEqual({ name: 'optim', candidate: null, current: 'adam', differs: true });
  });

  it('sorts files into added, removed, changed (size or checksum) and same', () => {
    const rows = compareFiles(
      [
        { fileName: 'weights.bin', fileSize: 10, sha256: 'aa' },
        { fileName: 'config.json', fileSize: 5, sha256: 'cc' },
        { fileName: 'new.txt', fileSize: 1, sha256: 'dd' },
        { fileName: 'vocab.txt', fileSize: 7, sha256: 'ee' },
      ],
      [
        { fileName: 'weights.bin', fileSize: 10, sha256: 'bb' },
        { fileName: 'config.json', fileSize: 5, sha256: 'cc' },
        { fileName: 'old.txt', fileSize: 2, sha256: 'ff' },
        { fileName: 'vocab.txt', fileSize: 8, sha256: null },
      ],
    );
    expect(rows.map((row) => [row.fileName, row.change])).toEqual([
      ['new.txt', 'added'],
      ['old.txt', 'removed'],
      ['vocab.txt', 'changed'],
      ['weights.bin', 'changed'],
      ['config.json', 'same'],
    ]);
  });

  it('splits tags into added, removed and kept', () => {
    expect(compareTags(['a', 'b'], ['b', 'c'])).toEqual({ added: ['a'], removed: ['c'], kept: ['b'] });
  });
});

describe('whole comparison', () => {
  const facts = (overrides: Partial<VersionFacts>): VersionFacts => ({
    registryModelItemId: 'id',
    version: '1.0.0',
    status: 'None',
    stages: [],
    experimentKey: 'k',
    experimentModelName: 'm',
    metrics: [],
    parameters: [],
    files: [],
    tags: [],
    metadata: {},
    ...overrides,
  });

  it('compares metadata from the current holder to the candidate, and the statuses', () => {
    const result = compareVersions(facts({ status: 'Staging', metadata: { lr: 0.1, owner: 'ana' } }), facts({ status: 'Production', metadata: { lr: 0.2 } }));
    expect(result.metadata).toEqual([
      { kind: 'changed', path: 'lr', before: 0.2, after: 0.1 },
      { kind: 'added', path: 'owner', after: 'ana' },
    ]);
    expect(result.status).toEqual({ candidate: 'Staging', current: 'Production' });
  });

  it('with nobody holding the stage, everything of the candidate is new', () => {
    const result = compareVersions(facts({ files: [{ fileName: 'w', fileSize: 1, sha256: 'x' }], tags: ['t'] }), null);
    expect(result.files.map((row) => row.change)).toEqual(['added']);
    expect(result.tags.added).toEqual(['t']);
    expect(result.status.current).toBeNull();
  });
});
