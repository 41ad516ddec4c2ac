import { Alert, Box, CircularProgress, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { memo, useMemo, useState } from 'react';
import { useApiQuery } from '../../lib/api.ts';
import { ChartControls, MetricChart, type ChartAxis, type SeriesSource } from '../logged-data/index.ts';
import { firstCharted } from './chart-prefetch.ts';
import { SummariesTable } from './summaries-table.tsx';

/**
 * The experiment's metric summaries and a chart of the chosen metrics overlaid, by step or by time. Memoized: built
 * ahead while hidden, it does not render again when its tab is clicked.
 */
export const MetricsSection = memo(function MetricsSection({ experimentKey }: { experimentKey: string }) {
  const summaries = useApiQuery('getMetricSummaries', { experimentKey });
  const names = useMemo(() => (summaries.data?.values ?? []).map((summary) => summary.name), [summaries.data]);
  const [picked, setPicked] = useState<string[] | null>(null);
  const chosen = picked ?? firstCharted(names);
  const [axis, setAxis] = useState<ChartAxis>('step');
  const [overlaid, setOverlaid] = useState(true);
  const chosenKey = chosen.join('\u0000');
  const sources = useMemo(
    (): SeriesSource[] => chosen.map((metricName, colorIndex) => ({ experimentKey, metricName, label: metricName, colorIndex })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the chosen names, not the array's identity
    [experimentKey, chosenKey],
  );
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
          {chosen.length === 0 && <Typography color="text.secondary">Choose metrics to chart.</Typography>}
          {chosen.length > 0 && overlaid && <MetricChart sources={sources} axis={axis} title={`Chart of ${chosen.join(', ')} by ${axis}`} />}
          {chosen.length > 0 && !overlaid && (
            <Stack spacing={3}>
              {sources.map((source) => (
                <MetricChart key={source.metricName} sources={[source]} axis={axis} title={`Chart of ${source.metricName} by ${axis}`} />
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
});
