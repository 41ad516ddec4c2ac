import { Alert, CircularProgress } from '@mui/material';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useApiQuery, type ApiReply } from '../../lib/api.ts';
import { runPath } from './artifact-paths.ts';

type LineageRun = NonNullable<ApiReply<'getArtifactVersionLineage'>['producer']>;

const BOX = { width: 190, height: 40 };
const GAP = 70;
const ROW = 52;

const runLabel = (run: LineageRun) => `${run.experimentName ?? run.experimentKey.slice(0, 9)} (${run.projectName})`;

/** One box of the graph; a run's box is a link to its page. */
function Node({ x, y, text, href, onOpen }: { x: number; y: number; text: string; href?: string; onOpen?: () => void }) {
  const label = text.length > 26 ? `${text.slice(0, 25)}…` : text;
  const box = (
    <>
      <rect x={x} y={y} width={BOX.width} height={BOX.height} rx={6} fill="none" stroke="currentColor" />
      <text x={x + BOX.width / 2} y={y + BOX.height / 2 + 4} textAnchor="middle" fontSize={12} fill="currentColor">
        {label}
      </text>
    </>
  );
  if (!href) return <g>{box}</g>;
  return (
    <a
      href={href}
      aria-label={`Run ${text}`}
      style={{ cursor: 'pointer' }}
      onClick={(event: MouseEvent) => {
        event.preventDefault();
        onOpen?.();
      }}>
      <title>{text}</title>
      {box}
    </a>
  );
}

/** A version's lineage as a small graph: the run that produced it → the version → the runs that consumed it, each run a link. */
export function LineageGraph({ artifactVersionId, versionLabel }: { artifactVersionId: string; versionLabel: string }) {
  const navigate = useNavigate();
  const lineage = useApiQuery('getArtifactVersionLineage', { artifactVersionId });
  if (lineage.error) return <Alert severity="error">Could not load the lineage: {lineage.error.message}</Alert>;
  if (!lineage.data) return <CircularProgress aria-label="Loading the lineage" />;
  const { producer, consumers } = lineage.data;
  const rows = Math.max(1, consumers.length);
  const height = rows * ROW;
  const middle = (height - BOX.height) / 2;
  const columns = [0, BOX.width + GAP, 2 * (BOX.width + GAP)];
  const [producerX = 0, versionX = 0, consumerX = 0] = columns;
  const open = (run: LineageRun) => () => void navigate(runPath(run.experimentKey));
  return (
    <svg role="img" aria-label={`Lineage of version ${versionLabel}`} width={consumerX + BOX.width + 2} height={height + 2} style={{ color: 'inherit', maxWidth: '100%' }}>
      <defs>
        <marker id="lineage-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto">
          <path d="M0,0 L10,5 L0,10 z" fill="currentColor" />
        </marker>
      </defs>
      {producer ? (
        <Node x={producerX} y={middle} text={runLabel(producer)} href={`#${runPath(producer.experimentKey)}`} onOpen={open(producer)} />
      ) : (
        <Node x={producerX} y={middle} text="deleted run" />
      )}
      <line x1={producerX + BOX.width} y1={middle + BOX.height / 2} x2={versionX} y2={middle + BOX.height / 2} stroke="currentColor" markerEnd="url(#lineage-arrow)" />
      <Node x={versionX} y={middle} text={`version ${versionLabel}`} />
      {consumers.map((consumer, index) => {
        const y = index * ROW + (ROW - BOX.height) / 2;
        return (
          <g key={consumer.experimentKey}>
            <line x1={versionX + BOX.width} y1={middle + BOX.height / 2} x2={consumerX} y2={y + BOX.height / 2} stroke="currentColor" markerEnd="url(#lineage-arrow)" />
            <Node x={consumerX} y={y} text={runLabel(consumer)} href={`#${runPath(consumer.experimentKey)}`} onOpen={open(consumer)} />
          </g>
        );
      })}
      {consumers.length === 0 && (
        <text x={consumerX + BOX.width / 2} y={middle + BOX.height / 2 + 4} textAnchor="middle" fontSize={12} fill="currentColor">
          no run consumed it yet
        </text>
      )}
    </svg>
  );
}
