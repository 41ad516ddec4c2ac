import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState, type ReactNode } from 'react';
import type { EndpointName } from '../../../../shared/api/index.ts';
import type { ProjectRecord } from '../../../../shared/api/projects.ts';
import { useAccessCheck, type Access } from '../../lib/access.ts';
import { DeleteProjectDialog } from './delete-project-dialog.tsx';
import { EditProjectDialog } from './edit-project-dialog.tsx';
import { NotesDialog } from './notes-dialog.tsx';
import { ShareLinksDialog } from './share-links-dialog.tsx';

/** The dialogs a project offers. */
export type ProjectDialogKind = 'edit' | 'notes' | 'share' | 'delete';

/** The project actions in menu order, with their labels and the endpoint of those that only change (notes and share links also show). */
const projectActions: { kind: ProjectDialogKind; label: string; calls?: EndpointName }[] = [
  { kind: 'edit', label: 'Edit project', calls: 'updateProject' },
  { kind: 'notes', label: 'Notes' },
  { kind: 'share', label: 'Share links' },
  { kind: 'delete', label: 'Delete project', calls: 'deleteProject' },
];

/** The project actions with whether the caller may use each in the project's workspace. */
export function useProjectActions(workspaceName: string): { kind: ProjectDialogKind; label: string; access: Access }[] {
  const accessOf = useAccessCheck(workspaceName);
  return projectActions.map(({ kind, label, calls }) => ({ kind, label, access: calls ? accessOf(calls) : { allowed: true } }));
}

/** Which project dialog is open; `dialogs` renders it. `onDeleted` runs after a successful delete. */
export function useProjectDialogs(onDeleted?: () => void): { open(kind: ProjectDialogKind, project: ProjectRecord): void; dialogs: ReactNode } {
  const [current, setCurrent] = useState<{ kind: ProjectDialogKind; project: ProjectRecord } | undefined>(undefined);
  const close = () => setCurrent(undefined);
  let dialogs: ReactNode = null;
  if (current) {
    const { kind, project } = current;
    const key = `${kind}:${project.projectId}`;
    if (kind === 'edit') dialogs = <EditProjectDialog key={key} project={project} onClose={close} />;
    if (kind === 'notes') dialogs = <NotesDialog key={key} project={project} onClose={close} />;
    if (kind === 'share') dialogs = <ShareLinksDialog key={key} project={project} onClose={close} />;
    if (kind === 'delete') dialogs = <DeleteProjectDialog key={key} project={project} onClose={close} onDeleted={onDeleted} />;
  }
  return { open: (kind, project) => setCurrent({ kind, project }), dialogs };
}

/** A "⋮" menu with a project's actions. */
export function ProjectActionsMenu({ project, onAction }: { project: ProjectRecord; onAction: (kind: ProjectDialogKind) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions = useProjectActions(project.workspaceName);
  return (
    <>
      <IconButton aria-label={`Actions for ${project.projectName}`} aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action.kind}
            disabled={!action.access.allowed}
            onClick={() => {
              setAnchor(null);
              onAction(action.kind);
            }}
            sx={action.kind === 'delete' ? { color: 'error.main' } : undefined}
          >
            <ListItemText primary={`${action.label}…`} secondary={action.access.reason} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
