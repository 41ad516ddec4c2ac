import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { messageReply, msgReply, nonEmpty } from './fields.ts';

const projectName = nonEmpty(250);
const workspaceName = nonEmpty(100);
const projectId = nonEmpty(100);
const description = z.string().max(10_000);
const notes = z.string().max(5_000_000);

/** A project as the reads return it; `public` is what clients read, `isPublic` what the documentation names (compat.md §3). */
export const projectRecord = z.object({
  projectId: z.string(),
  projectName: z.string(),
  ownerUserName: z.string().nullable(),
  projectDescription: z.string(),
  workspaceName: z.string(),
  numberOfExperiments: z.number().int(),
  lastUpdated: z.number().int(),
  public: z.boolean(),
  isPublic: z.boolean(),
});

/** The project record type. */
export type ProjectRecord = z.infer<typeof projectRecord>;

/** Identifies a project by id, or by workspace and project name (reads). */
const projectRef = z.object({
  projectId: projectId.optional(),
  workspaceName: workspaceName.optional(),
  projectName: projectName.optional(),
});

/** E11–E16 and the project reads. */
export const projectEndpoints = {
  createProject: defineEndpoint({
    id: 'E11',
    summary: 'Create a project in a workspace.',
    group: 'projects',
    method: 'POST',
    needs: 'write',
    path: 'write/project/create',
    body: z.object({ workspaceName, projectName, projectDescription: description, isPublic: z.boolean() }),
    reply: z.object({ projectId: z.string() }),
  }),
  deleteProject: defineEndpoint({
    id: 'E12',
    summary:
      'Delete a project (by projectId, or workspaceName and projectName); its experiments go to the trash, or to the workspace\'s "Uncategorized" project when deleteAllExperiments is false.',
    group: 'projects',
    method: 'POST',
    needs: 'write',
    path: 'write/project/delete',
    body: z.object({
      projectId: nonEmpty(100).optional().describe('Instead of workspaceName and projectName (the Python SDK sends it).'),
      workspaceName: workspaceName.optional(),
      projectName: projectName.optional(),
      deleteAllExperiments: z.boolean(),
    }),
    reply: msgReply('Deleted'),
  }),
  updateProject: defineEndpoint({
    id: 'E13',
    summary: 'Rename a project, change its description or visibility; identified by projectId, or by workspaceName and projectName.',
    group: 'projects',
    method: 'POST',
    needs: 'write',
    path: 'write/project/update',
    query: projectRef,
    body: z.object({
      projectId: projectId.nullish(),
      projectName: projectName.nullish(),
      workspaceName: workspaceName.nullish(),
      newProjectName: projectName.nullish(),
      newProjectDescription: description.nullish(),
      isPublic: z.boolean().nullish(),
    }),
    reply: msgReply('Updated'),
  }),
  setProjectNotes: defineEndpoint({
    id: 'E14',
    summary: "Replace a project's notes.",
    group: 'projects',
    method: 'POST',
    needs: 'write',
    path: 'write/project/notes',
    body: z.object({ projectId, notes }),
    reply: msgReply('Saved'),
  }),
  addProjectShareLink: defineEndpoint({
    id: 'E15',
    summary: 'Add a share link to a project; answers its share code.',
    group: 'projects',
    method: 'GET',
    needs: 'write',
    path: 'write/project/add-share-link',
    query: z.object({ projectId }),
    reply: z.object({ shareCode: z.string() }),
  }),
  deleteProjectShareLink: defineEndpoint({
    id: 'E16',
    summary: 'Delete a share link of a project (repeating it is harmless).',
    group: 'projects',
    method: 'GET',
    needs: 'write',
    path: 'write/project/delete-project-share-link',
    query: z.object({ projectId, shareCode: nonEmpty(200) }),
    reply: messageReply,
  }),
  listProjects: defineEndpoint({
    id: 'read.projects',
    summary: 'The live projects of a workspace.',
    group: 'projects',
    method: 'GET',
    needs: 'read',
    path: 'projects',
    query: z.object({ workspaceName }),
    reply: z.object({ projects: z.array(projectRecord) }),
  }),
  getProject: defineEndpoint({
    id: 'read.project',
    summary: 'One project, by projectId or by workspaceName and projectName.',
    group: 'projects',
    method: 'GET',
    needs: 'read',
    path: 'project',
    query: projectRef,
    reply: projectRecord,
  }),
  getProjectNotes: defineEndpoint({
    id: 'read.projectNotes',
    summary: "A project's notes.",
    group: 'projects',
    method: 'GET',
    needs: 'read',
    path: 'project/notes',
    query: z.object({ projectId }),
    reply: z.object({ notes: z.string() }),
  }),
  getProjectShareLinks: defineEndpoint({
    id: 'read.projectShareLinks',
    summary: "A project's share codes.",
    group: 'projects',
    method: 'GET',
    needs: 'read',
    path: 'project/get-project-share-links',
    query: z.object({ projectId }),
    reply: z.object({ shareCodes: z.array(z.string()) }),
  }),
};
