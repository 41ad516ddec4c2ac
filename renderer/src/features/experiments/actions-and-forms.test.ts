import { describe, expect, it } from 'vitest';
import { applicableRows, BULK_ACTIONS, bulkReport, moveBackSteps, moveReport, nameRows, summaryLine, undoOf } from './bulk-actions.ts';
import { chunks } from './bulk-runner.ts';
import { checkTimes, fromLocalInput, nameProblem } from './experiment-forms.ts';
import { LazyRowData } from './lazy-row-data.ts';
import { addColumn, columnLabel, formatSummaryValue, summaryValue, type Summary } from './summary-columns.ts';
import { cleanTags } from './tags.ts';
import { testRow } from './test-rows.ts';

const keys = (rows: readonly { key: string }[]) => rows.map((row) => row.key);

describe('bulk actions', () => {
  const running = testRow('r', { running: true });
  const finished = testRow('f');
  const archived = testRow('a', { archived: true });
  const trashed = testRow('t', { trash: true });
  const all = [running, finished, archived, trashed];

  it('apply only to the rows whose state allows them', () => {
    expect(keys(applicableRows(all, BULK_ACTIONS.stop.applies))).toEqual(['r']);
    expect(keys(applicableRows(all, BULK_ACTIONS.archive.applies))).toEqual(['r', 'f']);
    expect(keys(applicableRows(all, BULK_ACTIONS.restore.applies))).toEqual(['a', 't']);
    expect(keys(applicableRows(all, BULK_ACTIONS.delete.applies))).toEqual(['r', 'f', 'a']);
    expect(keys(applicableRows(all, BULK_ACTIONS.tag.applies))).toEqual(['r', 'f', 'a']);
  });

  it('report how many succeeded and why each failure failed, with the server’s words', () => {
    const report = bulkReport('archive', [running, finished], [{ ok: true }, { ok: false, error: { message: 'No experiment with key "f".' } }]);
    expect(report.summary).toBe('Archived 1 of 2 experiments; 1 failed.');
    expect(keys(report.succeeded)).toEqual(['r']);
    expect(report.failed).toEqual([{ row: finished, message: 'No experiment with key "f".' }]);
    expect(report.undo).toEqual([{ kind: 'bulk', action: 'restore', rows: [running] }]);
    expect(summaryLine('Stopped {}', 1, 1)).toBe('Stopped 1 experiment.');
    expect(summaryLine(BULK_ACTIONS.delete.done, 1, 1)).toBe('Moved 1 experiment to the trash.');
    expect(summaryLine(BULK_ACTIONS.delete.done, 2, 3)).toBe('Moved 2 of 3 experiments to the trash; 1 failed.');
    expect(summaryLine(BULK_ACTIONS.untag.done, 2, 2)).toBe('Removed tags from 2 experiments.');
  });

  it('undo archive and delete by restoring, and a restore by archiving or deleting again', () => {
    expect(undoOf('delete', [finished])).toEqual([{ kind: 'bulk', action: 'restore', rows: [finished] }]);
    expect(undoOf('restore', [archived, trashed])).toEqual([
      { kind: 'bulk', action: 'archive', rows: [archived] },
      { kind: 'bulk', action: 'delete', rows: [trashed] },
    ]);
    expect(undoOf('stop', [running])).toEqual([]);
    expect(undoOf('tag', [running])).toEqual([]);
    expect(undoOf('archive', [])).toEqual([]);
  });

  it('move back to each row’s home project; symlinks and failed moves cannot be undone', () => {
    const linked = testRow('l', { projectId: 'p-other' });
    const moved = moveReport([finished, linked], false, 'target');
    expect(moved.summary).toBe('Moved 2 experiments to “target”.');
    expect(moved.undo).toEqual(moveBackSteps([finished, linked]));
    expect(moveBackSteps([finished, running])).toEqual([{ kind: 'move', rows: [finished, running], workspaceName: 'team', projectName: 'home' }]);
    expect(moveReport([finished], true, 'target').undo).toEqual([]);
    const failed = moveReport([finished, running], false, 'target', 'No project named "target".');
    expect(failed.failed.map((failure) => failure.message)).toEqual(['No project named "target".', 'No project named "target".']);
    expect(failed.undo).toEqual([]);
  });

  it('name the experiments a confirmation is about', () => {
    expect(nameRows([finished])).toBe('“f”');
    expect(nameRows([finished, running])).toBe('“f” and “r”');
    expect(nameRows([finished, running, archived], 2)).toBe('“f”, “r” and 1 more');
  });

  it('split large selections into requests the contract accepts', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([], 2)).toEqual([]);
  });
});

describe('summary columns', () => {
  const loss: Summary = {
    name: 'loss',
    valueCurrent: '0.123456789',
    valueMin: '0.1',
    valueMax: '2',
    timestampCurrent: 3,
    timestampMin: 2,
    timestampMax: 1,
    stepCurrent: 30,
    stepMin: 20,
    stepMax: 1,
    runContextCurrent: null,
    runContextMin: null,
    runContextMax: null,
    editable: false,
  };

  it('pick the chosen value of the named item', () => {
    expect(summaryValue([loss], { kind: 'metric', name: 'loss', aggregate: 'current' })).toBe('0.123456789');
    expect(summaryValue([loss], { kind: 'metric', name: 'loss', aggregate: 'min' })).toBe('0.1');
    expect(summaryValue([loss], { kind: 'metric', name: 'loss', aggregate: 'max' })).toBe('2');
    expect(summaryValue([loss], { kind: 'metric', name: 'acc', aggregate: 'max' })).toBeUndefined();
    expect(formatSummaryValue('0.123456789')).toBe('0.1235');
    expect(formatSummaryValue('adam')).toBe('adam');
  });

  it('are added once each, trimmed, and labelled', () => {
    const one = addColumn([], { kind: 'metric', name: ' loss ', aggregate: 'min' });
    expect(one).toEqual([{ kind: 'metric', name: 'loss', aggregate: 'min' }]);
    expect(addColumn(one, { kind: 'metric', name: 'loss', aggregate: 'min' })).toBe(one);
    expect(addColumn(one, { kind: 'metric', name: ' ', aggregate: 'min' })).toBe(one);
    expect(columnLabel({ kind: 'metric', name: 'loss', aggregate: 'current' })).toBe('loss (last)');
    expect(columnLabel({ kind: 'param', name: 'lr', aggregate: 'current' })).toBe('lr');
  });

  it('are fetched once per row and kind, and offer the names seen', () => {
    const store = new LazyRowData();
    let changes = 0;
    store.subscribe(() => (changes += 1));
    expect(store.missing('metric', ['a', 'b'])).toEqual(['a', 'b']);
    const ticket = store.start('metric', ['a', 'b']);
    expect(store.missing('metric', ['a', 'b', 'c'])).toEqual(['c']);
    store.finish('metric', ['a', 'b'], [{ ok: true, value: [loss] }, { ok: false, message: 'gone' }], ticket);
    expect(store.get('metric', 'a')).toEqual({ status: 'done', value: [loss] });
    expect(store.get('metric', 'b')).toEqual({ status: 'failed', message: 'gone' });
    expect(store.names('metric')).toEqual(['loss']);
    expect(store.missing('param', ['a'])).toEqual(['a']);
    store.clear();
    expect(store.missing('metric', ['a'])).toEqual(['a']);
    expect(changes).toBe(3);
  });

  it('are fetched again when their row changed (a live run logged or finished), showing the old value meanwhile', () => {
    const store = new LazyRowData();
    const later = { ...loss, valueCurrent: '0.3113', valueMax: '0.8647' };
    const first = store.start('metric', ['a', 'b'], [1, 2]);
    store.finish('metric', ['a', 'b'], [{ ok: true, value: [loss] }, { ok: true, value: [loss] }], first);
    expect(store.missing('metric', ['a', 'b'], [1, 2])).toEqual([]);
    // Row a was replaced by the live feed (a new stamp): only it is asked again, and its value stays shown meanwhile.
    expect(store.missing('metric', ['a', 'b'], [3, 2])).toEqual(['a']);
    const second = store.start('metric', ['a'], [3]);
    expect(store.get('metric', 'a')).toEqual({ status: 'done', value: [loss] });
    expect(store.missing('metric', ['a'], [3])).toEqual([]);
    store.finish('metric', ['a'], [{ ok: true, value: [later] }], second);
    expect(store.get('metric', 'a')).toEqual({ status: 'done', value: [later] });
    // An answer overtaken by a later fetch is dropped.
    store.finish('metric', ['a'], [{ ok: true, value: [loss] }], first);
    expect(store.get('metric', 'a')).toEqual({ status: 'done', value: [later] });
  });

  it('after a reload are fetched again, and answers from before it are dropped', () => {
    const store = new LazyRowData();
    const generation = store.getGeneration();
    const before = store.start('metric', ['a'], [1]);
    store.clear();
    expect(store.getGeneration()).not.toBe(generation);
    store.finish('metric', ['a'], [{ ok: true, value: [loss] }], before);
    expect(store.get('metric', 'a')).toBeUndefined();
    expect(store.missing('metric', ['a'], [1])).toEqual(['a']);
  });
});

describe('forms', () => {
  it('check names: required where renaming, bounded always', () => {
    expect(nameProblem('  ', true)).toBe('must not be empty');
    expect(nameProblem('', false)).toBeUndefined();
    expect(nameProblem('x'.repeat(1001), false)).toBe('must be at most 1000 characters');
  });

  it('check start and end times before sending them', () => {
    expect(checkTimes({ start: '', end: '' })).toEqual({ ok: false, errors: { form: 'Give a start time, an end time, or both.' } });
    expect(checkTimes({ start: '2025-13-45T99:00', end: '' })).toMatchObject({ ok: false, errors: { start: 'is not a valid date and time' } });
    expect(checkTimes({ start: 'yesterday', end: '' })).toMatchObject({ ok: false, errors: { start: 'is not a valid date and time' } });
    expect(checkTimes({ start: '2025-01-02T10:00:00', end: '2025-01-02T09:59:59' })).toEqual({
      ok: false,
      errors: { end: 'must not be before the start time' },
    });
    const start = new Date(2025, 0, 2, 10, 0, 0).getTime();
    expect(checkTimes({ start: '2025-01-02T10:00:00', end: '' })).toEqual({ ok: true, startTimeMillis: start });
    expect(checkTimes({ start: '', end: '2025-01-02T10:00' })).toEqual({ ok: true, endTimeMillis: start });
  });

  it('reads datetime inputs as local times', () => {
    expect(fromLocalInput('2025-06-07T08:09:10')).toBe(new Date(2025, 5, 7, 8, 9, 10).getTime());
    expect(fromLocalInput('2025-06-07T08:09')).toBe(new Date(2025, 5, 7, 8, 9).getTime());
    expect(fromLocalInput('')).toBeUndefined();
  });

  it('clean tags: trimmed, non-empty, each once', () => {
    expect(cleanTags([' a ', '', 'b', 'a', '  '])).toEqual(['a', 'b']);
  });
});
