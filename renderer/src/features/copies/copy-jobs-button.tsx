import { Button } from '@mui/material';
import { useCopyJobs } from './use-copy-jobs.ts';

/** "Copies": reopens the latest copy job's progress (running or finished); hidden while there is none. */
export function CopyJobsButton({ onOpen }: { onOpen(jobId: string): void }) {
  const jobs = useCopyJobs();
  const latest = jobs[0];
  if (!latest) return null;
  const running = jobs.filter((job) => job.state === 'running').length;
  return (
    <Button size="small" onClick={() => onOpen(latest.jobId)}>
      {running > 0 ? `Copies (${running} running)` : 'Copies'}
    </Button>
  );
}
