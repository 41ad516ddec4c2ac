import { globSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The folders whose code must hold no import cycle: every room, and the tools, benches and end-to-end tests. */
const CODE_FOLDERS = ['shared', 'server', 'electron', 'renderer', 'tools', 'bench', 'e2e'];

/** What a file imports or re-exports, as written: `import … from`, `export … from` (type-only too), bare `import '…'` and `import('…')`. */
function specifiers(text: string): string[] {
  const patterns = [
    /\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1] ?? ''));
}

/** The code files (repository-relative) each code file imports by relative path. */
function importGraph(): Map<string, string[]> {
  const files = CODE_FOLDERS.flatMap((folder) => globSync(`${folder}/**/*.{ts,tsx}`, { cwd: root, exclude: (name) => name === 'node_modules' }))
    .map((file) => join(root, file))
    .sort();
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = specifiers(readFileSync(file, 'utf8'))
      .filter((source) => source.startsWith('.'))
      .map((source) => resolve(dirname(file), source))
      .filter((target) => known.has(target));
    graph.set(relative(root, file), [...new Set(targets)].map((target) => relative(root, target)));
  }
  return graph;
}

/** Every cycle a depth-first walk of `graph` closes (one per edge back into the walk), each as its files with the first repeated at the end. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const trail: string[] = [];
  const visit = (file: string): void => {
    if (done.has(file)) return;
    const open = trail.indexOf(file);
    if (open >= 0) {
      found.push([...trail.slice(open), file]);
      return;
    }
    trail.push(file);
    for (const target of graph.get(file) ?? []) visit(target);
    trail.pop();
    done.add(file);
  };
  for (const file of graph.keys()) visit(file);
  return found;
}

describe('the import graph of the code', () => {
  it('reads every kind of import and re-export', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      "import {\n  c,\n  type C,\n} from \"./c.ts\";",
      "export { d } from './d.ts';",
      "export type { E } from './e.ts';",
      "export * from './f.ts';",
      "import './g.ts';",
      "const h = await import('./h.ts');",
      "type I = import('./i.ts').I;",
      "import { join } from 'node:path';",
    ].join('\n');
    expect(specifiers(text).sort()).toEqual(['../b.ts', './a.ts', './c.ts', './d.ts', './e.ts', './f.ts', './g.ts', './h.ts', './i.ts', 'node:path']);
  });

  it('finds a cycle and names its files', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', []],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
    expect(cycles(new Map([['a.ts', ['b.ts']], ['b.ts', []]]))).toEqual([]);
  });

  it('has no import cycle between files', () => {
    const graph = importGraph();
    expect([...graph.keys()].filter((file) => file.startsWith('server/src/')).length).toBeGreaterThan(100);
    expect([...graph.keys()].filter((file) => file.startsWith('renderer/src/')).length).toBeGreaterThan(100);
    const found = cycles(graph).map((cycle) => cycle.join(' -> '));
    expect(found, 'import cycles (each: the files of one cycle)').toEqual([]);
  });
});
