/** The selected rows (by experiment key) and the anchor a shift-click extends from. */
export interface Selection {
  keys: ReadonlySet<string>;
  anchor: string | null;
}

/** Nothing selected. */
export const EMPTY_SELECTION: Selection = { keys: new Set(), anchor: null };

/**
 * The selection after a click on a row's checkbox. A plain click toggles the row and makes it the anchor;
 * a shift-click selects every row from the anchor to this one, in the order shown (keeping what was selected).
 */
export function clickRow(selection: Selection, orderedKeys: readonly string[], key: string, shift: boolean): Selection {
  const anchorIndex = selection.anchor === null ? -1 : orderedKeys.indexOf(selection.anchor);
  const index = orderedKeys.indexOf(key);
  if (shift && anchorIndex >= 0 && index >= 0) {
    const keys = new Set(selection.keys);
    const [from, to] = anchorIndex <= index ? [anchorIndex, index] : [index, anchorIndex];
    for (let i = from; i <= to; i += 1) keys.add(orderedKeys[i] as string);
    return { keys, anchor: selection.anchor };
  }
  const keys = new Set(selection.keys);
  if (keys.has(key)) keys.delete(key);
  else keys.add(key);
  return { keys, anchor: key };
}

/** Whether every one of the shown rows is selected (false when none is shown). */
export function allSelected(selection: Selection, shownKeys: readonly string[]): boolean {
  return shownKeys.length > 0 && shownKeys.length <= selection.keys.size && shownKeys.every((key) => selection.keys.has(key));
}

/** The header checkbox: selects every shown (filtered) row, or clears the selection when all are selected already. */
export function toggleAll(selection: Selection, shownKeys: readonly string[]): Selection {
  if (allSelected(selection, shownKeys)) return EMPTY_SELECTION;
  return { keys: new Set(shownKeys), anchor: selection.anchor };
}

/** Keeps only the selected rows among `shownKeys` (the rows still there after a refresh); the same object when nothing changes. */
export function keepShown(selection: Selection, shownKeys: readonly string[]): Selection {
  if (selection.keys.size === 0) return selection;
  const shown = new Set(shownKeys);
  const keys = new Set([...selection.keys].filter((key) => shown.has(key)));
  if (keys.size === selection.keys.size) return selection;
  return { keys, anchor: selection.anchor !== null && shown.has(selection.anchor) ? selection.anchor : null };
}
