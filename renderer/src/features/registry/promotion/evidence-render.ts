import { evidenceDocument, type EvidenceDocument, type EvidenceRecord, type EvidenceTable } from './evidence-document.ts';

/** Text made inert for HTML: the five characters that could open markup or end an attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Text made literal for Markdown: its punctuation backslash-escaped, markup brackets as entities, line breaks as spaces. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\r\n|\r|\n/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_{}[\]()#+\-.!|~]/g, (character) => `\\${character}`);
}

const STYLE =
  'body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1b1b1b}table{border-collapse:collapse;margin:.5rem 0 1rem}' +
  'th,td{border:1px solid #bbb;padding:.25rem .5rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}th{background:#f0f0f0}h2{margin-top:1.5rem}';

function htmlTable(table: EvidenceTable): string {
  if (table.rows.length === 0) return '';
  const head = `<tr>${table.columns.map((column) => `<th>${escapeHtml(column)}</th>`).join('')}</tr>`;
  const body = table.rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`).join('\n');
  return `<table>\n<thead>${head}</thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

/** The document as one self-contained HTML file: inline style, no script, nothing fetched (its CSP forbids it). */
export function renderHtml(document: EvidenceDocument): string {
  const sections = document.sections.map((section) =>
    [`<section>`, `<h2>${escapeHtml(section.title)}</h2>`, ...section.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`), section.table ? htmlTable(section.table) : '', `</section>`]
      .filter(Boolean)
      .join('\n'),
  );
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    `<title>${escapeHtml(document.title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    `<h1>${escapeHtml(document.title)}</h1>`,
    ...sections,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function markdownTable(table: EvidenceTable): string {
  if (table.rows.length === 0) return '';
  const line = (cells: readonly string[]) => `| ${cells.map((cell) => escapeMarkdown(cell) || ' ').join(' | ')} |`;
  return [line(table.columns), `|${table.columns.map(() => ' --- ').join('|')}|`, ...table.rows.map(line)].join('\n');
}

/** The document as Markdown (GitHub-flavoured tables); every text escaped so no value can add markup or links. */
export function renderMarkdown(document: EvidenceDocument): string {
  const parts = [`# ${escapeMarkdown(document.title)}`];
  for (const section of document.sections) {
    parts.push(`## ${escapeMarkdown(section.title)}`, ...section.paragraphs.map(escapeMarkdown));
    if (section.table) parts.push(markdownTable(section.table));
  }
  return `${parts.filter(Boolean).join('\n\n')}\n`;
}

/** An evidence record as an export file: its text, a file name safe on every OS, and its media type. */
export function evidenceFile(record: EvidenceRecord, format: 'html' | 'md'): { text: string; fileName: string; mediaType: string } {
  const document = evidenceDocument(record);
  const base = `evidence-${record.modelName}-${record.candidate.version}-${record.change.value}`.replace(/[^A-Za-z0-9._-]+/g, '_');
  return format === 'html'
    ? { text: renderHtml(document), fileName: `${base}.html`, mediaType: 'text/html' }
    : { text: renderMarkdown(document), fileName: `${base}.md`, mediaType: 'text/markdown' };
}
