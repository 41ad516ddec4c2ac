import { Alert, Box, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { formatLoggedValue } from '../../../lib/format.ts';
import { compactJson } from '../metadata-diff.ts';
import { directionText, worseMetrics, worseText } from '../metric-direction.ts';
import { steppedText, type Comparison, type MetricRow } from './comparison.ts';
import { breaksLongText } from '../../../shell/table-layout.ts';

const CHANGE_COLOR = { added: 'success', removed: 'error', changed: 'warning', same: 'default' } as const;

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h4" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function SimpleTable({ label, columns, rows }: { label: string; columns: string[]; rows: ReactNode[][] }) {
  if (rows.length === 0) return <Typography variant="body2">None on either side.</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column}>{column}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={index}>
              {row.map((cell, column) => (
                <TableCell key={column} sx={[breaksLongText, { maxWidth: 320 }]}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A metric value shown short (6 significant digits), the exact one on hover. */
function side(values: MetricRow['candidate'], which: 'last' | 'best') {
  const value = values?.[which];
  if (!value) return '—';
  return <span title={steppedText(value)}>{steppedText({ ...value, value: formatLoggedValue(value.value) })}</span>;
}
/** Which metrics got worse from the version compared with to the candidate (those whose direction is known), or that none did. */
function WorseMetrics({ comparison, candidate, current }: { comparison: Comparison; candidate: string; current: string }) {
  const worse = worseMetrics(comparison.metrics);
  return (
    <Alert severity={worse.length > 0 ? 'warning' : 'success'} sx={{ mb: 1 }}>
      {worseText(worse, candidate, current)}
    </Alert>
  );
}
const shortSha = (sha: string | null | undefined) => (sha ? <span title={sha}>{sha.slice(0, 12)}</span> : '—');

/**
 * The candidate next to the version holding the stage or status `held` now: metrics, parameters, files, tags, metadata and status.
 * With no version to compare with (`current` null) it says so and shows the candidate's side alone.
 */
export function ComparisonView({ comparison, candidate, current, held }: { comparison: Comparison; candidate: string; current: string | null; held: string }) {
  const them = current ?? '';
  const theirs = <T,>(...cells: T[]): T[] => (current ? cells : []);
  const tags = comparison.tags;
  return (
    <Box>
      {!current && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          No version holds “{held}” yet: {candidate} is shown alone.
        </Typography>
      )}
      <Part title="Metrics">
        {current && <WorseMetrics comparison={comparison} candidate={candidate} current={current} />}
        <SimpleTable
          label="Metrics comparison"
          columns={['Metric', `${candidate} last`, `${candidate} best`, ...theirs(`${them} last`, `${them} best`)]}
          rows={comparison.metrics.map((row) => [
            row.better ? `${row.name} (${directionText(row.better)})` : row.name,
            side(row.candidate, 'last'),
            side(row.candidate, 'best'),
            ...theirs(side(row.current, 'last'), side(row.current, 'best')),
          ])}
        />
      </Part>
      <Part title="Parameters">
        <SimpleTable
          label="Parameters comparison"
          columns={['Parameter', candidate, ...theirs(them)]}
          rows={comparison.parameters.map((row) => [row.differs && current ? <strong>{row.name}</strong> : row.name, row.candidate ?? '—', ...theirs(row.current ?? '—')])}
        />
      </Part>
      <Part title="Model files">
        <SimpleTable
          label="Model files comparison"
          columns={['File', 'Change', `${candidate} size`, `${candidate} SHA-256`, ...theirs(`${them} size`, `${them} SHA-256`)]}
          rows={comparison.files.map((row) => [
            row.fileName,
            <Chip key="change" size="small" label={row.change} color={CHANGE_COLOR[row.change]} />,
            row.candidate?.fileSize ?? '—',
            shortSha(row.candidate?.sha256),
            ...theirs<ReactNode>(row.current?.fileSize ?? '—', shortSha(row.current?.sha256)),
          ])}
        />
      </Part>
      <Part title="Tags">
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Tags comparison">
          {tags.added.map((tag) => <Chip key={`+${tag}`} size="small" color="success" label={`+ ${tag}`} />)}
          {tags.removed.map((tag) => <Chip key={`-${tag}`} size="small" color="error" label={`− ${tag}`} />)}
          {tags.kept.map((tag) => <Chip key={tag} size="small" label={tag} />)}
          {tags.added.length + tags.removed.length + tags.kept.length === 0 && <Typography variant="body2">No tags on either side.</Typography>}
        </Stack>
      </Part>
      <Part title="Metadata">
        {comparison.metadata.length === 0 ? (
          <Typography variant="body2">No difference.</Typography>
        ) : (
          <SimpleTable
            label="Metadata comparison"
            columns={['Path', 'Change', ...theirs(them), candidate]}
            rows={comparison.metadata.map((change) => [
              change.path,
              change.kind,
              ...theirs(change.kind === 'added' ? '—' : compactJson(change.before)),
              change.kind === 'removed' ? '—' : compactJson(change.after),
            ])}
          />
        )}
      </Part>
      <Part title="Status">
        <Typography variant="body2">
          {candidate}: {comparison.status.candidate}
          {current && ` · ${them}: ${comparison.status.current ?? '—'}`}
        </Typography>
      </Part>
    </Box>
  );
}
