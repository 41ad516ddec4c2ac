import { describe, expect, it } from 'vitest';
import type { ProjectRecord } from '../../../../shared/api/projects.ts';
import { filterAndSortProjects } from './project-table.tsx';

const project = (projectName: string, numberOfExperiments: number, lastUpdated: number, projectDescription = ''): ProjectRecord => ({
  projectId: projectName,
  projectName,
  ownerUserName: 'admin',
  projectDescription,
  workspaceName: 'admin',
  numberOfExperiments,
  lastUpdated,
  public: false,
  isPublic: false,
});

const projects = [project('run10', 5, 300), project('Run2', 1, 100, 'the baseline'), project('alpha', 9, 200)];
const names = (list: ProjectRecord[]) => list.map((entry) => entry.projectName);

describe('filterAndSortProjects', () => {
  it('sorts names case-insensitively with numbers in natural order', () => {
    expect(names(filterAndSortProjects(projects, '', { column: 'projectName', direction: 'asc' }))).toEqual(['alpha', 'Run2', 'run10']);
  });

  it('sorts by experiment count and by last update, both directions', () => {
    expect(names(filterAndSortProjects(projects, '', { column: 'numberOfExperiments', direction: 'desc' }))).toEqual(['alpha', 'run10', 'Run2']);
    expect(names(filterAndSortProjects(projects, '', { column: 'lastUpdated', direction: 'asc' }))).toEqual(['Run2', 'alpha', 'run10']);
  });

  it('filters by name or description, ignoring case and surrounding blanks', () => {
    expect(names(filterAndSortProjects(projects, ' RUN ', { column: 'projectName', direction: 'asc' }))).toEqual(['Run2', 'run10']);
    expect(names(filterAndSortProjects(projects, 'baseline', { column: 'projectName', direction: 'asc' }))).toEqual(['Run2']);
    expect(filterAndSortProjects(projects, 'nothing', { column: 'projectName', direction: 'asc' })).toEqual([]);
  });
});
