import type { MediaPanelState } from './use-media-panel.ts';

/** Reads a panel's saved settings with its schema, falling back to the defaults when they are not of its shape. */
export function readSettings<T>(schema: { safeParse(raw: unknown): { success: true; data: T } | { success: false }; parse(raw: unknown): T }, raw: Record<string, unknown>): T {
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : schema.parse({});
}

/** Why a media panel shows no content, as one sentence (an error, or nothing to show). */
export interface EmptyReason {
  error: boolean;
  text: string;
}

/**
 * Why a media panel has nothing to show: an error, no run selected, nothing of the kind logged, nothing of the name;
 * undefined when it has something (or is still reading). `kind` reads "an image", "a curve" …
 */
export function emptyReason(state: Pick<MediaPanelState, 'error' | 'loading' | 'runs' | 'names' | 'mediaRuns'>, kind: string, name: string): EmptyReason | undefined {
  if (state.error) return { error: true, text: `Could not read the runs' media: ${state.error.message} Check the connection, then reopen the view.` };
  if (state.loading) return undefined;
  if (state.runs.length === 0) return { error: false, text: "No run passes the filters: widen the table's filter or clear a brush." };
  if (name !== '' && state.mediaRuns.length === 0) return { error: false, text: `No run in the selection logged ${kind} named “${name}”.` };
  if (state.names.length === 0) return { error: false, text: `No run in the selection logged ${kind} yet: it appears here once one does.` };
  return undefined;
}
