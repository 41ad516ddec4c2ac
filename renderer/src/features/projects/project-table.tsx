import { Chip, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TableSortLabel, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ProjectRecord } from '../../../../shared/api/projects.ts';
import { formatDateTime, formatRelativeTime } from '../../lib/format.ts';
import { ProjectActionsMenu, type ProjectDialogKind } from './project-dialogs.tsx';

type SortColumn = 'projectName' | 'numberOfExperiments' | 'lastUpdated';

/** How the project table is sorted. */
interface ProjectSort {
  column: SortColumn;
  direction: 'asc' | 'desc';
}

/** Projects whose name or description contains the text (case-insensitive), sorted. */
export function filterAndSortProjects(projects: readonly ProjectRecord[], text: string, sort: ProjectSort): ProjectRecord[] {
  const needle = text.trim().toLowerCase();
  const matching = needle
    ? projects.filter((project) => project.projectName.toLowerCase().includes(needle) || project.projectDescription.toLowerCase().includes(needle))
    : [...projects];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return matching.sort((a, b) => {
    const order =
      sort.column === 'projectName'
        ? a.projectName.localeCompare(b.projectName, undefined, { sensitivity: 'base', numeric: true })
        : a[sort.column] - b[sort.column];
    return sign * order;
  });
}

const COLUMNS: { column: SortColumn; label: string; numeric?: boolean }[] = [
  { column: 'projectName', label: 'Name' },
  { column: 'numberOfExperiments', label: 'Experiments', numeric: true },
  { column: 'lastUpdated', label: 'Last update' },
];

/** The projects of a workspace with description, visibility, experiment count and last update. */
export function ProjectTable({
  projects,
  filter,
  onAction,
}: {
  projects: readonly ProjectRecord[];
  filter: string;
  onAction: (kind: ProjectDialogKind, project: ProjectRecord) => void;
}) {
  const [sort, setSort] = useState<ProjectSort>({ column: 'projectName', direction: 'asc' });
  const rows = filterAndSortProjects(projects, filter, sort);
  const sortBy = (column: SortColumn) =>
    setSort((current) => ({ column, direction: current.column === column && current.direction === 'asc' ? 'desc' : 'asc' }));
  const header = (column: SortColumn) => {
    const spec = COLUMNS.find((entry) => entry.column === column);
    return (
      <TableCell align={spec?.numeric ? 'right' : 'left'} sortDirection={sort.column === column ? sort.direction : false}>
        <TableSortLabel active={sort.column === column} direction={sort.column === column ? sort.direction : 'asc'} onClick={() => sortBy(column)}>
          {spec?.label}
        </TableSortLabel>
      </TableCell>
    );
  };
  return (
    <TableContainer>
      <Table size="small" aria-label="Projects">
        <TableHead>
          <TableRow>
            {header('projectName')}
            <TableCell>Description</TableCell>
            <TableCell>Visibility</TableCell>
            {header('numberOfExperiments')}
            {header('lastUpdated')}
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((project) => (
            <TableRow key={project.projectId} hover>
              <TableCell>
                <Link component={RouterLink} to={`/projects/${encodeURIComponent(project.projectId)}`}>
                  {project.projectName}
                </Link>
              </TableCell>
              <TableCell sx={{ maxWidth: 360 }}>
                <Typography variant="body2" noWrap title={project.projectDescription}>
                  {project.projectDescription || '—'}
                </Typography>
              </TableCell>
              <TableCell>
                <Chip size="small" variant="outlined" color={project.public ? 'warning' : 'default'} label={project.public ? 'Public' : 'Private'} />
              </TableCell>
              <TableCell align="right">{project.numberOfExperiments.toLocaleString()}</TableCell>
              <TableCell>
                <Tooltip title={formatDateTime(project.lastUpdated)}>
                  <span>{formatRelativeTime(project.lastUpdated)}</span>
                </Tooltip>
              </TableCell>
              <TableCell align="right">
                <ProjectActionsMenu project={project} onAction={(kind) => onAction(kind, project)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
