import { Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useApiQuery } from '../../../lib/api.ts';
import { MetricChart, type ChartAxis, type SeriesSource } from '../../logged-data/index.ts';
import { DetailSection } from '../../experiment-detail/detail-section.tsx';
import { systemGroups, type SystemGroup } from './system-groups.ts';

/** One group's chart: its series overlaid, read (and followed live) like the Metrics tab's. */
function GroupChart({ experimentKey, group, axis }: { experimentKey: string; group: SystemGroup; axis: ChartAxis }) {
  const sources = useMemo(
    (): SeriesSource[] => group.names.map((metricName, colorIndex) => ({ experimentKey, metricName, label: metricName, colorIndex })),
    [experimentKey, group],
  );
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{group.title}</Typography>
      <MetricChart sources={sources} axis={axis} title={`Chart of ${group.title}`} />
    </Stack>
  );
}

/** The run's system usage (`sys.*` series: CPU, memory, GPU, load, disk) as charts grouped by what they measure. */
export function SystemCharts({ experimentKey }: { experimentKey: string }) {
  const summaries = useApiQuery('getMetricSummaries', { experimentKey });
  const names = (summaries.data?.values ?? []).map((summary) => summary.name);
  const namesKey = names.join('\u0000');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the names as listed, not the array's identity
  const groups = useMemo(() => systemGroups(names), [namesKey]);
  const [axis, setAxis] = useState<ChartAxis>('time');
  if (groups.length === 0) return null;
  return (
    <DetailSection id="system-usage" title="System usage">
      <Stack spacing={3}>
        <ToggleButtonGroup size="small" exclusive aria-label="System charts by" value={axis} onChange={(_event, value: ChartAxis | null) => value && setAxis(value)}>
          <ToggleButton value="time">Time</ToggleButton>
          <ToggleButton value="step">Step</ToggleButton>
        </ToggleButtonGroup>
        {groups.map((group) => (
          <GroupChart key={group.title} experimentKey={experimentKey} group={group} axis={axis} />
        ))}
      </Stack>
    </DetailSection>
  );
}
