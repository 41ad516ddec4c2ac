import { cannotDisplay, type MediaDecoded } from '../../../../../shared/media/media-json.ts';
import type { PanelRun } from './use-media-panel.ts';
import type { RunText } from './use-run-texts.ts';

/** One run's asset decoded: the run, the step it was logged at, and the value. */
export interface DecodedRun<T> {
  run: PanelRun;
  step: number;
  value: T;
}

/** The runs' assets at the panel's step decoded by one of `shared/media`'s decoders: those shown, those that cannot be, and how many are still read. */
export interface DecodedRuns<T> {
  shown: DecodedRun<T>[];
  failures: { run: PanelRun; reason: string }[];
  pending: number;
}

/** Decodes each run's text (`texts`) with `decode`, in the view's run order; a read that failed or a malformed file says why ("Cannot display this …"). */
export function decodeRuns<T>(runs: readonly PanelRun[], texts: readonly RunText[], kind: string, decode: (text: string) => MediaDecoded<T>): DecodedRuns<T> {
  const textOf = new Map(texts.map((text) => [text.experimentKey, text]));
  const decoded: DecodedRuns<T> = { shown: [], failures: [], pending: 0 };
  for (const run of runs) {
    const read = textOf.get(run.key);
    if (!read) continue;
    if (read.error !== undefined) decoded.failures.push({ run, reason: `Cannot display this ${kind}: ${read.error}` });
    else if (read.text === undefined) decoded.pending += 1;
    else {
      const value = decode(read.text);
      if (value.ok) decoded.shown.push({ run, step: read.step, value: value.value });
      else decoded.failures.push({ run, reason: cannotDisplay(value.error) });
    }
  }
  return decoded;
}
