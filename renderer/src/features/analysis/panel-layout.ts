import { useCallback } from 'react';
import { useUiStore } from '../../lib/ui-store.ts';
import type { PanelKind, PanelSpec } from './panel-types.ts';

/** A fresh panel id (unique within a view). */
const newPanelId = () => `p${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Moves the item at `from` by `by` places (clamped to the list). */
export function moved<T>(items: readonly T[], from: number, by: number): T[] {
  const to = Math.max(0, Math.min(items.length - 1, from + by));
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** The panels of a project's analysis view as the user arranged them (kept across restarts under `viewKey`), and how to change them. */
export function usePanelLayout(viewKey: string) {
  const panels = useUiStore((state) => state.analysisPanels[viewKey]) ?? [];
  const keep = useUiStore((state) => state.keepAnalysisPanels);
  const current = useCallback(() => useUiStore.getState().analysisPanels[viewKey] ?? [], [viewKey]);
  return {
    panels,
    add: useCallback((kind: PanelKind, settings: Record<string, unknown>) => keep(viewKey, [...current(), { id: newPanelId(), kind, settings }]), [keep, viewKey, current]),
    remove: useCallback((id: string) => keep(viewKey, current().filter((panel) => panel.id !== id)), [keep, viewKey, current]),
    restore: useCallback((layout: readonly PanelSpec[]) => keep(viewKey, [...layout]), [keep, viewKey]),
    move: useCallback((id: string, by: number) => keep(viewKey, moved(current(), current().findIndex((panel) => panel.id === id), by)), [keep, viewKey, current]),
    change: useCallback(
      (id: string, settings: Record<string, unknown>) => keep(viewKey, current().map((panel) => (panel.id === id ? { ...panel, settings } : panel))),
      [keep, viewKey, current],
    ),
  };
}
