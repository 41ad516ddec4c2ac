import { useEffect, useRef, useState } from 'react';
import type { ImportanceInput, ImportanceResult } from './compute-importance.ts';

/** The state of a computation: the latest result (kept while the next one runs), whether one is running, and a failure. */
export interface ImportanceState {
  result: ImportanceResult | null;
  computing: boolean;
  error: string | null;
}

type Reply = { id: number; result: ImportanceResult; error?: undefined } | { id: number; error: string; result?: undefined };

/** Computes the importance of `input` in a Web Worker (one per panel), again whenever `input` changes (keep it memoised); null: nothing yet. */
export function useImportance(input: ImportanceInput | null): ImportanceState {
  const [state, setState] = useState<ImportanceState>({ result: null, computing: false, error: null });
  const worker = useRef<Worker | null>(null);
  const lastId = useRef(0);
  useEffect(() => {
    const created = new Worker(new URL('./importance.worker.ts', import.meta.url), { type: 'module' });
    created.onmessage = (event: MessageEvent<Reply>) => {
      if (event.data.id !== lastId.current) return;
      const { result, error } = event.data;
      setState((previous) =>
        result ? { result, computing: false, error: null } : { result: previous.result, computing: false, error: `Could not compute the importance: ${error} Try another metric or fewer runs.` },
      );
    };
    created.onerror = (event) => {
      event.preventDefault();
      setState((previous) => ({ result: previous.result, computing: false, error: 'Could not start the importance computation in the background: reopen the view, and restart Trackdesk if it happens again.' }));
    };
    worker.current = created;
    return () => {
      created.terminate();
      worker.current = null;
    };
  }, []);
  useEffect(() => {
    if (!input || !worker.current) return;
    lastId.current += 1;
    setState((previous) => ({ ...previous, computing: true }));
    worker.current.postMessage({ id: lastId.current, input });
  }, [input]);
  return state;
}
