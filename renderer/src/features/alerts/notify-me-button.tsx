import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import type { AlertKind, ThresholdOperator } from '../../../../shared/api/alerts.ts';
import { useApiMutation } from '../../lib/api.ts';
import { runMutation } from '../../lib/run-mutation.ts';
import { FormDialog } from '../../shell/form-dialog.tsx';
import { useNotify } from '../../shell/notify.tsx';

/** The kinds the run page offers, in words. */
const KIND_LABELS: Record<AlertKind, string> = {
  crashed: 'it crashes',
  finished: 'it finishes',
  threshold: 'a metric crosses a value',
  nonFinite: 'a metric becomes NaN or infinite',
  noImprovement: 'a metric stops improving',
  stale: 'a metric stops being logged',
};
const OPERATORS: ThresholdOperator[] = ['>', '>=', '<', '<='];

/** What a rule made here watches: one run (its page), or every run of a project (its page, a rule shared by its members). */
export interface NotifyMeRun {
  workspaceName: string;
  projectName: string;
  experimentKey?: string;
}

/**
 * "Notify me when…" on a run's page: a rule of mine on this run; with `shared`, on a project's page, a rule on every run
 * of the project that notifies all its members (the service evaluates both; the bell and the desktop show what fires).
 */
export function NotifyMeButton({ run, shared = false }: { run: NotifyMeRun; shared?: boolean }) {
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<AlertKind>('threshold');
  const [metricName, setMetricName] = useState('loss');
  const [operator, setOperator] = useState<ThresholdOperator>('>');
  const [threshold, setThreshold] = useState('');
  const [amount, setAmount] = useState('10');
  const notify = useNotify();
  const create = useApiMutation('createAlertRule', { invalidate: ['listAlertRules'] });
  const needsMetric = kind !== 'crashed' && kind !== 'finished';
  const submit = () => {
    const body = {
      workspaceName: run.workspaceName,
      projectName: run.projectName,
      ...(run.experimentKey ? { experimentKey: run.experimentKey } : {}),
      kind,
      shared,
      enabled: true,
      ...(needsMetric ? { metricName: metricName.trim() } : {}),
      ...(kind === 'threshold' ? { operator, threshold: Number(threshold) } : {}),
      ...(kind === 'noImprovement' ? { steps: Number(amount), direction: 'min' as const } : {}),
      ...(kind === 'stale' ? { minutes: Number(amount) } : {}),
    };
    runMutation(
      create,
      { body },
      {
        onSuccess: () => {
          setOpen(false);
          notify.success(shared ? 'The members of this project will be notified.' : 'You will be notified on this run.');
        },
      },
    );
  };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {shared ? 'Alerts…' : 'Notify me when…'}
      </Button>
      {open && (
        <FormDialog titleId="notify-me-title" title={shared ? 'Alert the members of this project when a run…' : 'Notify me when this run…'} submitLabel="Save alert" mutation={create} errorContext="Could not save the alert" onSubmit={submit} onClose={() => setOpen(false)}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField select label="When" value={kind} onChange={(event) => setKind(event.target.value as AlertKind)}>
              {(Object.keys(KIND_LABELS) as AlertKind[]).map((value) => (
                <MenuItem key={value} value={value}>
                  {KIND_LABELS[value]}
                </MenuItem>
              ))}
            </TextField>
            {needsMetric && <TextField label="Metric" value={metricName} onChange={(event) => setMetricName(event.target.value)} required />}
            {kind === 'threshold' && (
              <Stack direction="row" spacing={1}>
                <TextField select label="Comparison" value={operator} onChange={(event) => setOperator(event.target.value as ThresholdOperator)} sx={{ width: 140 }}>
                  {OPERATORS.map((value) => (
                    <MenuItem key={value} value={value}>
                      {value}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField label="Value" type="number" value={threshold} onChange={(event) => setThreshold(event.target.value)} required />
              </Stack>
            )}
            {(kind === 'noImprovement' || kind === 'stale') && (
              <TextField label={kind === 'stale' ? 'Minutes' : 'Steps'} type="number" value={amount} onChange={(event) => setAmount(event.target.value)} required />
            )}
          </Stack>
        </FormDialog>
      )}
    </>
  );
}
