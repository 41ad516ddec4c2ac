import { Alert, Box, CircularProgress, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { BridgeError } from '../../bridge.ts';
import { apiQueryKey, callApi, useApiQuery, type ApiReply } from '../../lib/api.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { ChartControls, LineChart, toPlotSeries, type ChartAxis } from '../logged-data/index.ts';
import { SummariesTable } from './summaries-table.tsx';

/** How many metrics are charted at first: the first few that are not system usage series. */
const FIRST_CHARTED = 3;

/** The experiment's metric summaries and a chart of the chosen metrics overlaid, by step or by time. */
export function MetricsSection({ experimentKey }: { experimentKey: string }) {
  const profileId = useActiveProfile().id;
  const summaries = useApiQuery('getMetricSummaries', { experimentKey });
  const names = useMemo(() => (summaries.data?.values ?? []).map((summary) => summary.name), [summaries.data]);
  const [picked, setPicked] = useState<string[] | null>(null);
  const chosen = picked ?? names.filter((name) => !name.startsWith('sys.')).slice(0, FIRST_CHARTED);
  const [axis, setAxis] = useState<ChartAxis>('step');
  const [overlaid, setOverlaid] = useState(true);
  const body = { targetedExperiments: [experimentKey], metrics: chosen, independentMetrics: true, fetchFull: false };
  const chart = useQuery<ApiReply<'getMultiMetricChart'>, BridgeError>({
    queryKey: [...apiQueryKey(profileId, 'getMultiMetricChart'), body],
    queryFn: () => callApi('getMultiMetricChart', { body }, profileId),
    enabled: chosen.length > 0,
  });
  const series = (chart.data?.experiments[experimentKey]?.metrics ?? []).map((one) => toPlotSeries(one, axis));
  if (summaries.error) return <Alert severity="error">Cannot load the metrics: {summaries.error.message}</Alert>;
  if (!summaries.data) return <CircularProgress aria-label="Loading metrics" />;
  return (
    <Stack spacing={3}>
      {names.length > 0 && (
        <Box>
          <Box sx={{ mb: 2 }}>
            <ChartControls label="Metrics to chart" options={names} chosen={chosen} onChoose={setPicked} axis={axis} onAxis={setAxis}>
              <ToggleButtonGroup size="small" exclusive aria-label="Chart layout" value={overlaid} onChange={(_event, value: boolean | null) => value !== null && setOverlaid(value)}>
                <ToggleButton value={true}>Overlaid</ToggleButton>
                <ToggleButton value={false}>One per metric</ToggleButton>
              </ToggleButtonGroup>
            </ChartControls>
          </Box>
          {chart.error && <Alert severity="error">Cannot load the chart: {chart.error.message}</Alert>}
          {chosen.length === 0 && <Typography color="text.secondary">Choose metrics to chart.</Typography>}
          {chosen.length > 0 && chart.isPending && <CircularProgress aria-label="Loading the chart" />}
          {chart.data && overlaid && <LineChart series={series} axis={axis} title={`Chart of ${chosen.join(', ')} by ${axis}`} />}
          {chart.data && !overlaid && (
            <Stack spacing={3}>
              {series.map((one) => (
                <LineChart key={one.name} series={[one]} axis={axis} title={`Chart of ${one.name} by ${axis}`} />
              ))}
            </Stack>
          )}
        </Box>
      )}
      <Box>
        <Typography variant="h6" component="h3" gutterBottom>
          Metric summaries
        </Typography>
        <SummariesTable summaries={summaries.data.values} label="Metric summaries" withSteps />
      </Box>
    </Stack>
  );
}
