import { useEffect, useMemo, useRef, useState } from 'react';
import { parseQuery, QuerySyntaxError } from '../../../../shared/query/table-query.ts';
import { useApiQuery } from '../../lib/api.ts';
import { useUiStore } from '../../lib/ui-store.ts';
import { FilterField, namesOf } from '../experiments/index.ts';

/** How long typing pauses before the panels read the runs again. */
const TYPING_PAUSE_MS = 300;

/** Why the grammar refuses `text`, or null. */
function syntaxError(text: string): string | null {
  try {
    parseQuery(text);
    return null;
  } catch (error) {
    if (error instanceof QuerySyntaxError) return error.message;
    throw error;
  }
}

/**
 * The experiments table's filter box on the analysis view: the same text (kept per project under `viewKey`), so the
 * panels and the table select the same runs; kept once typing pauses and only when the grammar accepts it.
 */
export function AnalysisFilter({ projectId, viewKey }: { projectId: string; viewKey: string }) {
  const kept = useUiStore((state) => state.tableViews[viewKey]?.text ?? '');
  const keep = useUiStore((state) => state.keepTableView);
  const columns = useApiQuery('getProjectColumns', { projectId }, { refetchOnWindowFocus: false, retry: false });
  const names = useMemo(() => namesOf(columns.data?.columns), [columns.data]);
  const [typed, setTyped] = useState(kept);
  /** Bumped when the kept text changes from elsewhere (a saved view opened, the table's box): the box starts over with it. */
  const [generation, setGeneration] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  /** The text this box kept last (its own change coming back is no reason to start over). */
  const keptHere = useRef(kept);
  const error = syntaxError(typed);
  useEffect(() => {
    if (kept === keptHere.current) return;
    keptHere.current = kept;
    setTyped(kept);
    setGeneration((value) => value + 1);
  }, [kept]);
  useEffect(() => {
    if (error !== null || typed === kept) return;
    const timer = setTimeout(() => {
      keptHere.current = typed;
      keep(viewKey, { text: typed });
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, kept, error, keep, viewKey]);
  return <FilterField key={`${viewKey}\n${generation}`} initialText={kept} onText={setTyped} inputRef={inputRef} names={names} error={error} onFocus={() => void columns.refetch()} />;
}
