import { Alert, CircularProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { evidenceSnapshot, evidenceVersion } from '../../../../../shared/api/promotion-evidence.ts';
import type { BridgeError } from '../../../bridge.ts';
import { callApi } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useActiveProfile } from '../../../lib/profiles.tsx';
import { compareVersions } from './comparison.ts';
import { ComparisonView } from './comparison-view.tsx';
import type { RecordedMoment } from './evidence-document.ts';
import type { PromotionRequest } from './governance.ts';

type Snapshot = z.infer<typeof evidenceSnapshot>;
type SnapshotVersion = z.infer<typeof evidenceVersion>;

/** What the service left out of one version's record, in words. */
function leftOutOf(side: string, version: SnapshotVersion): string[] {
  const { omitted } = version;
  const counted = (['metrics', 'parameters', 'files', 'tags'] as const).filter((what) => omitted[what] > 0).map((what) => `${omitted[what]} ${what}`);
  return [
    ...(counted.length ? [`${side} ${version.version}: ${counted.join(', ')} left out to keep the record bounded.`] : []),
    ...(omitted.checksums > 0 ? [`${side} ${version.version}: ${omitted.checksums} files recorded without a checksum (past the checksum budget, or their bytes could not be read).`] : []),
    ...(omitted.metadata ? [`${side} ${version.version}: its metadata document was too large to record.`] : []),
    ...(version.experimentGone ? [`${side} ${version.version}: its source experiment had been purged; no metrics, parameters or files could be recorded.`] : []),
  ];
}

/** A stored snapshot as the comparison and the export use it. */
export function recordedMoment(snapshot: Snapshot): RecordedMoment {
  const { candidate, holder } = snapshot;
  return {
    moment: snapshot.moment,
    state: snapshot.state,
    capturedAt: snapshot.capturedAt,
    capturedBy: snapshot.capturedBy,
    candidate,
    current: holder,
    comparison: compareVersions(candidate, holder),
    leftOut: [...leftOutOf('Candidate', candidate), ...(holder ? leftOutOf('Holder', holder) : [])],
  };
}

/** The request's evidence as the service recorded it (filed, then decided), re-read when the request's state changes. */
export function useRecordedEvidence(request: PromotionRequest | undefined) {
  const profileId = useActiveProfile().id;
  return useQuery<RecordedMoment[], BridgeError>({
    queryKey: [profileId, 'promotionEvidence', { requestId: request?.requestId ?? null, state: request?.state ?? null }],
    queryFn: async () => (await callApi('promotionEvidence', { params: { requestId: request?.requestId ?? '' } }, profileId)).records.map(recordedMoment),
    enabled: Boolean(request),
  });
}

/** What the approver saw: the comparison the service recorded when the request was decided, with when and by whom. */
export function RecordedComparison({ request, recorded }: { request: PromotionRequest; recorded: { data?: RecordedMoment[] | undefined; error: BridgeError | null } }) {
  if (recorded.error) return <Alert severity="info">This service keeps no record of what the approver saw ({recorded.error.message}); the comparison below is read now.</Alert>;
  if (!recorded.data) return <CircularProgress size={24} aria-label="Loading the recorded comparison" />;
  const decided = recorded.data.findLast((moment) => moment.moment === 'decided');
  if (!decided) return <Typography variant="body2">No comparison was recorded when request {request.requestId} was decided (it was decided before this service kept evidence).</Typography>;
  const holder = decided.current?.version ?? null;
  return (
    <>
      <Typography variant="body2">
        Recorded by the service on {formatDateTime(decided.capturedAt)} as {decided.capturedBy} {decided.state === 'cancelled' ? 'withdrew' : decided.state === 'approved' ? 'approved' : 'rejected'} the request:{' '}
        {holder ? `${decided.candidate.version} against ${holder}, which held ${request.kind} ${request.value} then.` : `no other version held ${request.kind} ${request.value} then.`}
      </Typography>
      {decided.leftOut.map((line) => (
        <Alert key={line} severity="info">
          {line}
        </Alert>
      ))}
      <ComparisonView comparison={decided.comparison} candidate={decided.candidate.version} current={holder} held={request.value} />
    </>
  );
}
