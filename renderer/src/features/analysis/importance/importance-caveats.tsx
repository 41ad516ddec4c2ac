import { Alert, Box } from '@mui/material';
import { FOREST_MIN_RUNS, type ImportanceResult } from './compute-importance.ts';
import { MAX_ONE_HOT_VALUES, type SkippedParameter } from './importance-encoding.ts';

/** Below this many runs the scores are called rough. */
const FEW_RUNS = 20;

const REASONS: Record<SkippedParameter['reason'], string> = {
  'same-everywhere': 'the same in every run',
  'too-many-texts': `more than ${MAX_ONE_HOT_VALUES} different texts`,
  'none-logged': 'no run with the metric has it',
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The lines of caveats under the scores: how many runs were scored or left out, and what the numbers cannot tell. */
export function caveatLines(result: ImportanceResult, metricLabel: string): string[] {
  const lines = [`Scored over ${plural(result.usedRuns, 'run')} with a value of ${metricLabel}; ${plural(result.leftOut, 'run')} without one left out.`];
  if (result.usedRuns < FOREST_MIN_RUNS) lines.push(`Fewer than ${FOREST_MIN_RUNS} runs have ${metricLabel}: only correlations are shown. Log more runs to see importance.`);
  else if (result.usedRuns < FEW_RUNS) lines.push(`Only ${plural(result.usedRuns, 'run')}: the scores are rough. A sweep of ${FEW_RUNS} or more runs gives steadier ones.`);
  if (result.forestRuns > 0 && result.forestRuns < result.usedRuns) lines.push(`Importance comes from an evenly spread sample of ${result.forestRuns} of the ${result.usedRuns} runs; correlations use them all.`);
  for (const pair of result.correlated.slice(0, 3)) {
    lines.push(`${pair.a} and ${pair.b} move together (r = ${pair.r.toFixed(2)}): the importance may fall on either. Vary them independently to tell them apart.`);
  }
  if (result.rows.some((row) => row.kind === 'one-hot')) lines.push('Text parameters get a row per value: 1 where a run has that value, 0 elsewhere.');
  if (result.rows.some((row) => row.missing > 0)) lines.push("A run without a parameter is left out of that parameter's correlation and given its mean in the importance model.");
  if (result.skipped.length) lines.push(`Left out: ${result.skipped.map((skip) => `${skip.parameter} (${REASONS[skip.reason]})`).join(', ')}.`);
  lines.push('Correlation and importance show association, not cause: a parameter changed together with something unlogged can look important.');
  return lines;
}

/** The caveats as a quiet list under the table. */
export function ImportanceCaveats({ result, metricLabel }: { result: ImportanceResult; metricLabel: string }) {
  return (
    <Alert severity="info" variant="outlined" aria-label="Caveats" sx={{ mt: 1, '& .MuiAlert-message': { py: 0 } }}>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {caveatLines(result, metricLabel).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Box>
    </Alert>
  );
}
