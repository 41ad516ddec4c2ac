import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ExperimentsScreen } from '../experiments/index.ts';
import { NotifyMeButton } from '../alerts/notify-me-button.tsx';
import { useApiQuery } from '../../lib/api.ts';
import { plural } from '../../lib/format.ts';
import { useWorkspace } from '../../lib/workspace.ts';
import { RecordHeader } from '../../shell/record-header.tsx';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useProjectActions, useProjectDialogs } from './project-dialogs.tsx';

/** How often the project is read again for its header. */
const HEADER_REFRESH_MS = 5_000;

/** One project: its header with the project's actions, and its experiments (the experiments feature's screen). */
export function ProjectPage() {
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  // Read again every few seconds: the header's experiment count follows runs a script logs, as the table does.
  const project = useApiQuery('getProject', { projectId }, { refetchInterval: HEADER_REFRESH_MS });
  const workspace = useWorkspace();
  const { open, dialogs } = useProjectDialogs(() => void navigate('/projects'));
  const projectWorkspace = project.data?.workspaceName;
  const actions = useProjectActions(projectWorkspace ?? '');
  const { workspaceName, select } = workspace;
  useEffect(() => {
    if (projectWorkspace && workspaceName && projectWorkspace !== workspaceName) select(projectWorkspace);
  }, [projectWorkspace, workspaceName, select]);
  if (project.error) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error" action={<Button component={RouterLink} to="/projects" color="inherit">All projects</Button>}>
          Could not open the project: {project.error.message}
        </Alert>
      </Box>
    );
  }
  if (!project.data) return <CircularProgress aria-label="Loading project" sx={{ m: 3 }} />;
  const record = project.data;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 }}>
      <Box sx={{ px: 3, pt: 2, pb: 1 }}>
        <RecordHeader
          listPath="/projects"
          listLabel={`Projects in ${record.workspaceName}`}
          name={record.projectName}
          isPublic={record.public}
          summary={plural(record.numberOfExperiments, 'experiment')}
        >
          <Button size="small" component={RouterLink} to={`/projects/${encodeURIComponent(projectId)}/analysis`}>
            Analysis
          </Button>
          <NotifyMeButton run={{ workspaceName: record.workspaceName, projectName: record.projectName }} shared />
          {actions.map((action) => (
            <BusyButton
              key={action.kind}
              size="small"
              color={action.kind === 'delete' ? 'error' : 'primary'}
              disabledReason={action.access.reason}
              onClick={() => open(action.kind, record)}
            >
              {action.label}
            </BusyButton>
          ))}
        </RecordHeader>
        {record.projectDescription && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {record.projectDescription}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 }}>
        <ExperimentsScreen key={projectId} projectId={projectId} />
      </Box>
      {dialogs}
    </Box>
  );
}
