import CancelIcon from '@mui/icons-material/Cancel';
import { Chip, IconButton, Stack, Typography } from '@mui/material';
import { RefusalTooltip } from '../../shell/refusal-tooltip.tsx';
import type { ExperimentMetadata } from '../../../../shared/api/experiments.ts';
import { useApiQuery } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { formatDuration } from '../experiments/format.ts';
import { Loaded } from './documents.tsx';
import { DetailSection } from './detail-section.tsx';
import { KeyValues } from './key-values.tsx';
import { SummariesTable } from './summaries-table.tsx';

/** What the overview shows, and how a tag is removed from it. */
interface OverviewSectionProps {
  metadata: ExperimentMetadata;
  /** Removes one tag (the × on its chip). */
  onRemoveTag(tag: string): void;
  /** Why the caller may not remove tags (the × is disabled with this reason), if so. */
  removeTagRefusal: string | undefined;
}

/** Metadata, tags, parameters and "others" of an experiment. */
export function OverviewSection({ metadata, onRemoveTag, removeTagRefusal }: OverviewSectionProps) {
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
                  <Stack key={tag} role="listitem" direction="row" sx={{ alignItems: 'center' }}>
                    <Chip label={tag} />
                    <RefusalTooltip reason={removeTagRefusal}>
                      <IconButton size="small" aria-label={`Remove tag ${tag}`} disabled={removeTagRefusal !== undefined} onClick={() => onRemoveTag(tag)}>
                        <CancelIcon fontSize="small" />
                      </IconButton>
                    </RefusalTooltip>
                  </Stack>
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
