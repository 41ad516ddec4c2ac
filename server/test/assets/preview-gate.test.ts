import { describe, expect, it } from 'vitest';
import { createPriorityGate } from '../../src/assets/preview-cache.ts';

/** A task that runs until `finish` is called, noting when it starts. */
function heldTask(name: string, started: string[]) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { run: async () => { started.push(name); await done; return name; }, finish: () => finish() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the preview makers’ gate', () => {
  it('gives a freed maker to a preview someone waits for before one made ahead, and keeps a maker free of work made ahead', async () => {
    const gate = createPriorityGate(2, 1);
    const started: string[] = [];
    const tasks = Object.fromEntries(['ahead1', 'ahead2', 'now1', 'now2', 'now3'].map((name) => [name, heldTask(name, started)]));
    const run = (name: string, turn: 'now' | 'ahead') => gate(tasks[name]!.run, turn);
    const results = [run('ahead1', 'ahead'), run('ahead2', 'ahead')];
    await tick();
    // One maker made ahead at most: the second waits though a maker is free.
    expect(started).toEqual(['ahead1']);
    results.push(run('now1', 'now'));
    await tick();
    expect(started).toEqual(['ahead1', 'now1']);
    results.push(run('now2', 'now'), run('now3', 'now'));
    tasks.ahead1!.finish();
    await tick();
    expect(started).toEqual(['ahead1', 'now1', 'now2']);
    tasks.now1!.finish();
    await tick();
    expect(started).toEqual(['ahead1', 'now1', 'now2', 'now3']);
    tasks.now2!.finish();
    await tick();
    expect(started).toEqual(['ahead1', 'now1', 'now2', 'now3', 'ahead2']);
    tasks.now3!.finish();
    tasks.ahead2!.finish();
    expect(await Promise.all(results)).toEqual(['ahead1', 'ahead2', 'now1', 'now2', 'now3']);
  });
});
