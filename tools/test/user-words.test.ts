import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Words of the wire or of the operating system that a user of the app would not know, each with what to write instead. */
const WIRE_WORDS: readonly { pattern: RegExp; instead: string }[] = [
  { pattern: /\bE\d{1,2}\b/, instead: 'an endpoint id (E1–E57): say what the action does' },
  { pattern: /\b(?:ENOENT|EACCES|EEXIST|EISDIR|ENOTDIR|EPERM|ENOSPC|EROFS)\b/, instead: 'an errno code: say what went wrong and what to do next' },
  { pattern: /\bas type model-element\b/, instead: 'an asset type name: say how a user logs a model (log_model)' },
];

/** The text of every string literal, template part and JSX text of a file, with its line (comments are not read). */
function textsOf(file: string, code = readFileSync(join(root, file), 'utf8')): { line: number; text: string }[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const texts: { line: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isJsxText(node) || ts.isTemplateLiteralToken(node)) {
      texts.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

/** The renderer's code that builds what users see (its tests aside). */
const rendererFiles = globSync('renderer/src/**/*.{ts,tsx}', { cwd: root, exclude: (name) => /\.test\.tsx?$/.test(name) }).sort();

/** The service's and the desktop backend's code, whose messages the app shows (their tests aside). */
const messageFiles = globSync('{server/src,electron/backend/src}/**/*.ts', { cwd: root }).sort();

/** The places where a text of these files (or of `code`, given) names a wire word, as `file:line: “text” (what to write instead)`. */
function wireWordsIn(files: readonly string[], code?: string, only: (text: string) => boolean = () => true): string[] {
  return files.flatMap((file) =>
    textsOf(file, code).filter(({ text }) => only(text)).flatMap(({ line, text }) =>
      WIRE_WORDS.filter(({ pattern }) => pattern.test(text)).map(({ instead }) => `${file}:${line}: “${text.trim().slice(0, 120)}” (${instead})`),
    ),
  );
}

describe('words users understand (issue 33): no screen shows the wire’s or the system’s words', () => {
  it('reads the renderer’s texts (the test is not vacuous)', () => {
    expect(rendererFiles.length).toBeGreaterThan(100);
    expect(rendererFiles.flatMap((file) => textsOf(file)).length).toBeGreaterThan(2000);
  });

  it('finds a wire word where one is written (the check can fail)', () => {
    const file = 'example.tsx';
    const code = ['// Merge (E56) in a comment is fine', 'export const Labels = () => (<>', '  <p>Merge (E56)</p>', "  {fail('Cannot write /x (ENOENT).')}", '</>);'].join('\n');
    expect(wireWordsIn([file], code)).toEqual([
      `${file}:3: “Merge (E56)” (${WIRE_WORDS[0]?.instead})`,
      `${file}:4: “Cannot write /x (ENOENT).” (${WIRE_WORDS[1]?.instead})`,
    ]);
  });

  it('shows no endpoint id, errno code or asset type name in a text of the renderer', () => {
    expect(wireWordsIn(rendererFiles), 'Say it in the words of someone who uses the app, and say what to do next').toEqual([]);
  });

  it('writes no endpoint id or errno code into a message of the service or the desktop backend (a text with words; a bare id is code)', () => {
    expect(messageFiles.length).toBeGreaterThan(100);
    expect(wireWordsIn(messageFiles, undefined, (text) => /\w\s+\w/.test(text)), 'The app shows these messages: say what happened and what to do next').toEqual([]);
  });
});
