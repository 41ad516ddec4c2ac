import { Alert, Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CopyJobView } from '../../../../shared/ipc/index.ts';
import { invoke } from '../../bridge.ts';
import { plural } from '../../lib/format.ts';
import { useProfiles } from '../../lib/profiles.tsx';
import { BusyButton } from '../../shell/busy-button.tsx';
import { CopyProgress } from './copy-progress.tsx';
import { useCopyJobs, useRememberJob } from './use-copy-jobs.ts';

/** What the dialog copies (or shows): the selected experiments of a connection, or a job already started. */
interface CopyDialogProps {
  sourceProfileId: string;
  experiments: ReadonlyArray<{ key: string; label: string }>;
  move: boolean;
  /** Show this job's progress instead of choosing a target (a job started earlier, reopened). */
  jobId?: string | undefined;
  onClose(): void;
}

/** "Copy to connection…" / "Move to connection…": pick a connection and project, see what would be lost, confirm, then watch. */
export function CopyDialog(props: CopyDialogProps) {
  const [jobId, setJobId] = useState(props.jobId);
  const job = useCopyJobs().find((j) => j.jobId === jobId);
  const verb = (job?.mode ?? (props.move ? 'move' : 'copy')) === 'move' ? 'Move' : 'Copy';
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="copy-title" maxWidth="sm" fullWidth>
      <DialogTitle id="copy-title">
        {verb} {plural(job?.experiments.length ?? props.experiments.length, 'experiment')} to another connection
      </DialogTitle>
      {jobId === undefined ? <ChooseTarget {...props} verb={verb} onStarted={setJobId} /> : <WatchJob job={job} onClose={props.onClose} />}
    </Dialog>
  );
}

function ChooseTarget(props: CopyDialogProps & { verb: string; onStarted(jobId: string): void }) {
  const profiles = (useProfiles().data?.profiles ?? []).filter((p) => p.id !== props.sourceProfileId);
  const [targetProfileId, setTarget] = useState('');
  const [workspaceName, setWorkspace] = useState('');
  const [projectName, setProject] = useState('');
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string>();
  const remember = useRememberJob();
  const workspaces = useQuery({
    queryKey: [targetProfileId, 'copy-target', 'workspaces'],
    queryFn: () => invoke('api.call', { endpoint: 'listWorkspaces', profileId: targetProfileId }) as Promise<{ workspaceNames: string[] }>,
    enabled: targetProfileId !== '',
  });
  const projects = useQuery({
    queryKey: [targetProfileId, 'copy-target', 'projects', workspaceName],
    queryFn: () => invoke('api.call', { endpoint: 'listProjects', profileId: targetProfileId, query: { workspaceName } }) as Promise<{ projects: { projectName: string }[] }>,
    enabled: workspaceName !== '',
  });
  const request = { sourceProfileId: props.sourceProfileId, targetProfileId, workspaceName, projectName: projectName.trim(), experimentKeys: props.experiments.map((e) => e.key) };
  const ready = targetProfileId !== '' && workspaceName !== '' && request.projectName !== '';
  const plan = useQuery({ queryKey: ['copy-plan', targetProfileId, workspaceName], queryFn: () => invoke('copies.plan', request), enabled: ready, retry: false });
  const start = async () => {
    setStarting(true);
    try {
      const job: CopyJobView = await invoke('copies.start', { ...request, mode: props.move ? 'move' : 'copy' });
      remember(job);
      props.onStarted(job.jobId);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setStarting(false);
    }
  };
  const problem = error ?? workspaces.error?.message ?? plan.error?.message;
  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>
            {props.experiments.map((e) => e.label).join(', ')}, with everything logged to them, go to the project you choose.{' '}
            {props.move ? 'Once each copy is checked against its source, the source goes to the trash.' : 'The sources stay; each side gets a tag naming the other.'}
          </DialogContentText>
          {profiles.length === 0 && <Alert severity="info">There is no other connection yet: add one under Connections, then come back.</Alert>}
          <TextField select label="Connection" value={targetProfileId} onChange={(event) => (setTarget(event.target.value), setWorkspace(''), setProject(''))}>
            {profiles.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label="Workspace" value={workspaceName} disabled={!workspaces.data} onChange={(event) => (setWorkspace(event.target.value), setProject(''))}>
            {(workspaces.data?.workspaceNames ?? []).map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            freeSolo
            options={(projects.data?.projects ?? []).map((p) => p.projectName).sort((a, b) => a.localeCompare(b))}
            inputValue={projectName}
            onInputChange={(_event, value) => setProject(value)}
            disabled={workspaceName === ''}
            renderInput={(params) => <TextField {...params} label="Project" helperText="An existing project, or a new name (it is created)." />}
          />
          {plan.data && plan.data.losses.length > 0 && (
            <Alert severity="warning" aria-label="What the copy loses">
              {plan.data.targetIsOurs ? 'This connection takes metric points and parameters in batches.' : 'This service is not a Trackdesk service: only its v2 write API is used.'} What a copy cannot carry:
              <ul style={{ margin: 0 }}>
                {plan.data.losses.map((loss) => (
                  <li key={loss}>{loss}</li>
                ))}
              </ul>
            </Alert>
          )}
          {problem && <Alert severity="error">{problem}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <BusyButton variant="contained" busy={starting} disabled={!ready || !plan.data} onClick={() => void start()}>
          {props.verb} {plural(props.experiments.length, 'experiment')}
        </BusyButton>
      </DialogActions>
    </>
  );
}

function WatchJob({ job, onClose }: { job: CopyJobView | undefined; onClose(): void }) {
  const remember = useRememberJob();
  const [error, setError] = useState<string>();
  const act = (channel: 'copies.cancel' | 'copies.resume') => () =>
    job && invoke(channel, { jobId: job.jobId }).then(remember, (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)));
  return (
    <>
      <DialogContent>
        {job ? <CopyProgress job={job} /> : <DialogContentText>Starting…</DialogContentText>}
        {error && <Alert severity="error">{error}</Alert>}
        <DialogContentText variant="body2" sx={{ mt: 2 }}>
          The copy goes on when this dialog is closed; reopen it from “Copies” above the table.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        {job?.state === 'running' && <Button onClick={act('copies.cancel')}>Stop copying</Button>}
        {(job?.state === 'cancelled' || job?.state === 'failed') && <Button onClick={act('copies.resume')}>Resume</Button>}
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </>
  );
}
