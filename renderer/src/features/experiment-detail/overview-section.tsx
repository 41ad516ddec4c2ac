import { Chip, Stack, Typography } from '@mui/material';
import type { ExperimentMetadata } from '../../../../shared/api/experiments.ts';
import { useApiQuery } from '../../lib/api.ts';
import { formatDateTime, formatDuration } from '../experiments/format.ts';
import { Loaded } from './documents.tsx';
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
      <section aria-labelledby="metadata-heading">
        <Typography id="metadata-heading" variant="h6" component="h3" gutterBottom>
          Metadata
        </Typography>
        <KeyValues
          label="Experiment metadata"
          items={[
            ['Key', metadata.experimentKey],
            ['Workspace', metadata.workspaceName],
            ['Project', metadata.projectName],
            ['Started', formatDateTime(metadata.startTimeMillis)],
            ['Ended', metadata.running ? 'still running' : formatDateTime(metadata.endTimeMillis)],
            ['Duration', formatDuration(metadata.durationMillis)],
            ['User', metadata.userName],
            ['File', metadata.filePath ?? metadata.fileName],
            ['Optimization', metadata.optimizationId],
            ['Throttled', metadata.throttle ? `yes: ${metadata.throttleMessage ?? metadata.throttleReasons.join(', ')}` : 'no'],
          ]}
        />
      </section>
      <section aria-labelledby="tags-heading">
        <Typography id="tags-heading" variant="h6" component="h3" gutterBottom>
          Tags
        </Typography>
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
      </section>
      <section aria-labelledby="params-heading">
        <Typography id="params-heading" variant="h6" component="h3" gutterBottom>
          Parameters
        </Typography>
        <Loaded query={params} what="parameters">
          {(data) => <SummariesTable summaries={data.values} label="Parameters" withSteps={false} />}
        </Loaded>
      </section>
      <section aria-labelledby="others-heading">
        <Typography id="others-heading" variant="h6" component="h3" gutterBottom>
          Others
        </Typography>
        <Loaded query={others} what="other values">
          {(data) => <SummariesTable summaries={data.values} label="Others" withSteps={false} />}
        </Loaded>
      </section>
    </Stack>
  );
}
