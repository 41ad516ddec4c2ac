/*
 * How deep JSON text nests, found without parsing it. The batch decoding thread runs these same functions: its source
 * (clientlib/batch-decode-source.ts) embeds their text, so they must stay self-contained (no imports, no closures).
 */

/**
 * The deepest nesting of arrays and objects a JSON body may have: Jackson's default (the hosted service's likely
 * parser), far beyond the contract's documents (fewer than 10 levels) and well within the stack of JSON.stringify.
 * Endpoints may bound their own values lower (clientlib batches refuse an item nested over 100 levels, alone).
 */
export const MAX_JSON_DEPTH = 1000;

/** The index of the quote that ends the JSON string opening at `start`, or -1 (unterminated: the parser reports it). */
export function endOfString(text: string, start: number): number {
  let end = start;
  for (;;) {
    end = text.indexOf('"', end + 1);
    if (end < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === 0x5c) backslashes += 1;
    if (backslashes % 2 === 0) return end;
  }
}

/** Whether JSON text nests arrays and objects deeper than `limit` (strings are skipped; stops at the first excess). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (char === 0x22) {
      index = endOfString(text, index);
      if (index < 0) return false;
    } else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
  return false;
}
