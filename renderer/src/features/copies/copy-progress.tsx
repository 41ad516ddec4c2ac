import { Alert, LinearProgress, Link, Stack, Typography } from '@mui/material';
import type { CopyJobView } from '../../../../shared/ipc/index.ts';
import { overallPercent } from './use-copy-jobs.ts';

const STATE_WORDS: Record<CopyJobView['experiments'][number]['state'], string> = {
  pending: 'Waiting',
  copying: 'Copying',
  verifying: 'Checking counts and checksums',
  done: 'Copied; counts and checksums match',
  failed: 'Not copied cleanly',
};

/** A copy job's bars (overall and per experiment), its verification result and the links to the copies. */
export function CopyProgress({ job }: { job: CopyJobView }) {
  const verb = job.mode === 'move' ? 'Moving' : 'Copying';
  const headline =
    job.state === 'running' ? `${verb} to ${job.workspaceName}/${job.projectName}…` : job.state === 'done' ? `Done: every copy was checked against its source.` : job.state === 'cancelled' ? 'Stopped.' : 'Finished with problems.';
  return (
    <Stack spacing={1.5}>
      <Typography aria-live="polite" data-testid="copy-job-state">
        {headline}
      </Typography>
      <LinearProgress variant="determinate" value={overallPercent(job)} aria-label="Overall progress" />
      {job.message && <Alert severity={job.state === 'failed' ? 'error' : 'info'}>{job.message}</Alert>}
      {job.experiments.map((experiment) => {
        const percent = experiment.itemsTotal === 0 ? 0 : Math.round((100 * experiment.itemsDone) / experiment.itemsTotal);
        return (
          <Stack key={experiment.sourceKey} spacing={0.5} role="group" aria-label={`Copy of ${experiment.name}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
              <Typography sx={{ fontWeight: 500 }}>{experiment.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {STATE_WORDS[experiment.state]}
                {experiment.trashed ? '; the source is in the trash' : ''}
              </Typography>
              {experiment.targetLink && experiment.state === 'done' && (
                <Link href={experiment.targetLink} target="_blank" rel="noreferrer" variant="body2">
                  Open the copy
                </Link>
              )}
            </Stack>
            <LinearProgress variant="determinate" value={percent} aria-label={`Progress of ${experiment.name}`} />
            {experiment.problems.map((problem) => (
              <Alert key={problem} severity="error">
                {problem}
              </Alert>
            ))}
          </Stack>
        );
      })}
    </Stack>
  );
}
