import { Chip, Stack, Typography } from '@mui/material';
import type { ExperimentMetadata } from '../../../../shared/api/experiments.ts';
import { useApiQuery } from '../../lib/api.ts';
import { formatDateTime, formatDuration } from '../experiments/format.ts';
import { Loaded } from './documents.tsx';
import { DetailSection } from './detail-section.tsx';
import { KeyValues } from './key-values.tsx';
import { SummariesTable } from './summaries-table.tsx';

/** Metadata, tags, parameters and "others" of an experiment. */
export function OverviewSection({ metadata }: { metadata: ExperimentMetadata }) {
  const experimentKey = metadata.experimentKey;
  const tags = useApiQuery('getTags', { experimentKey });
  const params = useApiQuery('getParameters', { experimentKey });
  const others = useApiQuery('getOthers', { experimentKey });
  return (
    <Stack spacing={3}>
      <DetailSection id="metadata" title="Metadata">
        <KeyValues
          label="Experiment metadata"
          items={[
            ['Key', metadata.experimentKey],
            ['Workspace', metadata.workspaceName],
            ['Project', metadata.projectName],
            ['Started', formatDateTime(metadata.startTimeMillis)],
            ['Ended', metadata.running ? 'still running' : formatDateTime(metadata.endTimeMillis)],
            ['Last heard from', metadata.lastHeardAt == null ? null : formatDateTime(metadata.lastHeardAt)],
            ['Duration', formatDuration(metadata.durationMillis)],
            ['User', metadata.userName],
            ['File', metadata.filePath ?? metadata.fileName],
            ['Optimization', metadata.optimizationId],
            ['Throttled', metadata.throttle ? `yes: ${metadata.throttleMessage ?? metadata.throttleReasons.join(', ')}` : 'no'],
          ]}
        />
      </DetailSection>
      <DetailSection id="tags" title="Tags">
        <Loaded query={tags} what="tags">
          {(data) =>
            data.tags.length === 0 ? (
              <Typography color="text.secondary">No tags.</Typography>
            ) : (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Tags" role="list">
                {data.tags.map((tag) => (
                  <Chip key={tag} label={tag} role="listitem" />
                ))}
              </Stack>
            )
          }
        </Loaded>
      </DetailSection>
      <DetailSection id="params" title="Parameters">
        <Loaded query={params} what="parameters">
          {(data) => <SummariesTable summaries={data.values} label="Parameters" withSteps={false} />}
        </Loaded>
      </DetailSection>
      <DetailSection id="others" title="Others">
        <Loaded query={others} what="other values">
          {(data) => <SummariesTable summaries={data.values} label="Others" withSteps={false} />}
        </Loaded>
      </DetailSection>
    </Stack>
  );
}
