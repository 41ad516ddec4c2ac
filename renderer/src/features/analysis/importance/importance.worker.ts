/// <reference lib="webworker" />
// Grows the importance forest off the window's thread: a few hundred runs take a second or two, which would freeze the view.
import { computeImportance, type ImportanceInput } from './compute-importance.ts';

/** Answers each input with its `ImportanceResult` (or the error's message), tagged with the request's id. */
self.onmessage = (event: MessageEvent<{ id: number; input: ImportanceInput }>) => {
  const { id, input } = event.data;
  try {
    self.postMessage({ id, result: computeImportance(input) });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
