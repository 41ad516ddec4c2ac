import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { apiQueryKey, callApi, type ApiReply } from '../../lib/api.ts';
import { plural } from '../../lib/format.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { ChartControls, MetricChart, ValueCell, type ChartAxis } from '../logged-data/index.ts';
import { comparableMetrics, experimentLabels, firstComparedMetrics, parameterRows, sourcesByMetric, type ParameterRow } from './compare-data.ts';
import type { ExperimentRow } from './experiment-row.ts';

/** Charts the chosen metrics of several experiments, one line per experiment, with their last values side by side. */
export function CompareDialog({ experiments, onClose }: { experiments: readonly ExperimentRow[]; onClose(): void }) {
  const profileId = useActiveProfile().id;
  const summaries = useQueries({
    queries: experiments.map(({ key }) => ({
      queryKey: apiQueryKey(profileId, 'getMetricSummaries', { experimentKey: key }),
      queryFn: () => callApi('getMetricSummaries', { query: { experimentKey: key } }, profileId),
    })),
  });
  const parameters = useQueries({
    queries: experiments.map(({ key }) => ({
      queryKey: apiQueryKey(profileId, 'getParameters', { experimentKey: key }),
      queryFn: () => callApi('getParameters', { query: { experimentKey: key } }, profileId),
    })),
  });
  const loaded = summaries.map((query) => query.data?.values);
  const parameterLists = parameters.map((query) => query.data?.values);
  const names = comparableMetrics(loaded);
  const [picked, setPicked] = useState<string[] | null>(null);
  const chosen = picked ?? firstComparedMetrics(names, loaded);
  const [axis, setAxis] = useState<ChartAxis>('step');
  const sources = sourcesByMetric(experiments, loaded, chosen);
  const labels = experimentLabels(experiments);
  const failed = experiments.flatMap((row, index) => {
    const error = summaries[index]?.error;
    return error ? [`${labels[index] ?? row.key}: ${error.message}`] : [];
  });
  const loading = summaries.some((query) => query.isPending);
  return (
    <Dialog open onClose={onClose} aria-labelledby="compare-title" maxWidth="lg" fullWidth>
      <DialogTitle id="compare-title">Compare {plural(experiments.length, 'experiment')}</DialogTitle>
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          {failed.length > 0 && <Alert severity="error">Cannot load the metrics of {failed.join('; ')}</Alert>}
          {loading && <CircularProgress aria-label="Loading metrics" />}
          {!loading && names.length === 0 && <Typography color="text.secondary">None of these experiments has logged a metric.</Typography>}
          {names.length > 0 && <ChartControls label="Metrics to compare" options={names} chosen={chosen} onChoose={setPicked} axis={axis} onAxis={setAxis} />}
          {!loading &&
            chosen.map((metric) => (
              <Box key={metric}>
                <Typography variant="subtitle1" component="h3" gutterBottom>
                  {metric}
                </Typography>
                <MetricChart sources={sources.get(metric) ?? []} axis={axis} title={`Chart of ${metric} by ${axis}`} />
              </Box>
            ))}
          {chosen.length > 0 && <LastValues experiments={experiments} summaries={loaded} metrics={chosen} />}
          <Parameters labels={labels} rows={parameterRows(parameterLists)} loading={parameters.some((query) => query.isPending)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** A table of each experiment's last value of each chosen metric ("—" where it logged none). */
function LastValues({ experiments, summaries, metrics }: { experiments: readonly ExperimentRow[]; summaries: readonly (ApiReply<'getMetricSummaries'>['values'] | undefined)[]; metrics: readonly string[] }) {
  const labels = experimentLabels(experiments);
  return (
    <Table size="small" aria-label="Last values">
      <TableHead>
        <TableRow>
          <TableCell>Experiment</TableCell>
          {metrics.map((metric) => (
            <TableCell key={metric}>{metric}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {experiments.map((row, index) => (
          <TableRow key={row.key}>
            <TableCell component="th" scope="row">
              {labels[index]}
            </TableCell>
            {metrics.map((metric) => {
              const value = summaries[index]?.find((summary) => summary.name === metric)?.valueCurrent;
              return value === undefined ? <TableCell key={metric}>—</TableCell> : <ValueCell key={metric} value={value} />;
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The experiments' parameters side by side, those that differ first (marked), "—" where one has none. */
function Parameters({ labels, rows, loading }: { labels: readonly string[]; rows: readonly ParameterRow[]; loading: boolean }) {
  if (loading) return null;
  if (rows.length === 0) return <Typography color="text.secondary">None of these experiments has logged a parameter.</Typography>;
  return (
    <Table size="small" aria-label="Parameters">
      <TableHead>
        <TableRow>
          <TableCell>Parameter</TableCell>
          {labels.map((label) => (
            <TableCell key={label}>{label}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.name} sx={row.differs ? { '& > *': { fontWeight: 600 } } : undefined}>
            <TableCell component="th" scope="row" title={row.differs ? 'Differs between the experiments' : 'The same in every experiment'}>
              {row.name}
            </TableCell>
            {row.values.map((value, index) => (value === '' ? <TableCell key={labels[index]}>—</TableCell> : <ValueCell key={labels[index]} value={value} />))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
