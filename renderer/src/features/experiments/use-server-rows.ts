import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorOffset, parseQuery, QuerySyntaxError } from '../../../../shared/query/table-query.ts';
import type { BridgeError } from '../../bridge.ts';
import { apiQueryKey, callApi, type ApiReply } from '../../lib/api.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { LOCAL_ROWS, type ServerRows } from './server-rows.ts';
import { isSummarySort, type TableSort } from './table-sort.ts';

/** How often the answer is read again while runs are logging. */
const LIVE_REFRESH_MS = 5_000;

/** How long typing pauses before the service is asked. */
const TYPING_PAUSE_MS = 250;

/** The text once typing paused. */
function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/**
 * Asks the service which experiments of project `projectId` pass the filter text and in which order a summary column
 * sorts them (`ext/experiments/table-query`), asked again whenever the rows change (`rowsStamp`: a run logged, finished,
 * came or went, so its summaries may sort it elsewhere) and, while some run is `live` (values still changing), every few seconds; a text the grammar refuses is reported at once without asking. A service
 * without that read (404) leaves filtering to the loaded rows.
 */
export function useServerRows(projectId: string, text: string, sort: TableSort, rowsStamp: number, live: boolean): ServerRows {
  const profileId = useActiveProfile().id;
  const query = useSettled(text.trim());
  let syntax: ServerRows['error'] = null;
  try {
    parseQuery(text);
  } catch (error) {
    if (!(error instanceof QuerySyntaxError)) throw error;
    syntax = { message: error.message, at: error.at };
  }
  const summary = isSummarySort(sort) ? sort : undefined;
  const body = {
    projectId,
    query,
    ...(summary ? { sortKind: summary.summary.kind, sortName: summary.summary.name, sortAggregate: summary.summary.aggregate, sortOrder: summary.direction } : {}),
  };
  const wanted = syntax === null && (query !== '' || summary !== undefined);
  const answer = useQuery<ApiReply<'queryTable'>, BridgeError>({
    queryKey: [...apiQueryKey(profileId, 'queryTable'), body, rowsStamp],
    queryFn: () => callApi('queryTable', { body }, profileId),
    enabled: wanted,
    retry: false,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });
  const missing = answer.error?.code === 'not_found' || answer.error?.code === 'incompatible';
  if (missing) return LOCAL_ROWS;
  if (syntax) return { keys: null, filtered: false, sorted: false, error: syntax, local: false };
  if (!wanted) return { ...LOCAL_ROWS, local: false };
  const error = answer.error ? { message: answer.error.message, at: errorOffset(answer.error.message) } : null;
  return { keys: answer.data?.experimentKeys ?? null, filtered: query !== '', sorted: summary !== undefined, error, local: false };
}
