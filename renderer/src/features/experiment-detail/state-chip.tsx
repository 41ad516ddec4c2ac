import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlined';
import { Chip, Typography } from '@mui/material';
import type { ExperimentMetadata } from '../../../../shared/api/experiments.ts';
import { formatRelativeTime } from '../../lib/format.ts';
import { STATE_LABELS, stateOf } from '../experiments/experiment-row.ts';
import { crashDetail } from '../experiments/run-state.ts';
import { formatDateTime } from '../../lib/format.ts';

const ICONS = { running: <PlayCircleOutlineIcon />, finished: <CheckCircleOutlineIcon />, crashed: <ErrorOutlineIcon /> } as const;
const COLORS = { running: 'success', finished: 'default', crashed: 'error' } as const;

/**
 * The experiment's state beside its name: running, finished or crashed with an icon (or archived), and for a crashed
 * run why and when it was last heard from ("Lost contact — last heard from 3 minutes ago"). The page's live read
 * replaces the metadata every second, so the words follow a run that goes silent or comes back without a reload.
 */
export function StateChip({ metadata }: { metadata: ExperimentMetadata }) {
  const state = stateOf(metadata, false);
  const run = state === 'archived' || state === 'trash' ? null : state;
  const icon = run === 'crashed' && metadata.endedBy === 'silence' ? <CloudOffIcon /> : run ? ICONS[run] : undefined;
  const detail = crashDetail(metadata, (millis) => formatRelativeTime(millis));
  return (
    <>
      <Chip size="small" label={STATE_LABELS[state]} icon={icon} color={run ? COLORS[run] : 'default'} variant={run === 'finished' ? 'outlined' : 'filled'} />
      {detail && (
        <Typography variant="body2" color="error" title={metadata.lastHeardAt == null ? undefined : `Last heard from ${formatDateTime(metadata.lastHeardAt)}`}>
          {detail}
        </Typography>
      )}
    </>
  );
}
