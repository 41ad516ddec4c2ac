import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box, Breadcrumbs, Button, IconButton, Link, ListItemIcon, ListItemText, Menu, MenuItem, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useApiQuery } from '../../lib/api.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { useUiStore } from '../../lib/ui-store.ts';
import { useAddPanel } from './add-panel.ts';
import { AnalysisFilter } from './analysis-filter.tsx';
import { useAnalysisSelection } from './analysis-selection.ts';
import { LinkedRunsTable } from './linked-table/linked-runs-table.tsx';
import { panelKindOf, panelKinds } from './panel-kinds.tsx';
import { usePanelLayout } from './panel-layout.ts';
import type { PanelSpec } from './panel-types.ts';
import { useCompareStart } from './views/compare-start.ts';
import { useViewSession } from './views/use-view-session.ts';
import { ViewPicker } from './views/view-picker.tsx';

/** One placed panel: its title bar (move, remove) and the kind's own component. */
function PanelFrame({ panel, projectId, query, layout }: { panel: PanelSpec; projectId: string; query: string; layout: ReturnType<typeof usePanelLayout> }) {
  const entry = panelKindOf(panel.kind);
  const label = entry?.label ?? `Unknown panel “${panel.kind}”`;
  return (
    <Paper variant="outlined" component="section" aria-label={label} sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, minHeight: 320 }}>
      <Stack direction="row" sx={{ alignItems: 'center', px: 1.5, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
          {label}
        </Typography>
        <Tooltip title="Move earlier">
          <IconButton size="small" aria-label={`Move ${label} earlier`} onClick={() => layout.move(panel.id, -1)}>
            <ArrowBackIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Move later">
          <IconButton size="small" aria-label={`Move ${label} later`} onClick={() => layout.move(panel.id, 1)}>
            <ArrowForwardIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Remove panel">
          <IconButton size="small" aria-label={`Remove ${label}`} onClick={() => layout.remove(panel.id)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box sx={{ flexGrow: 1, minHeight: 0, p: 1.5 }}>
        {entry ? (
          <entry.component projectId={projectId} query={query} panelId={panel.id} settings={panel.settings} onSettingsChange={(settings) => layout.change(panel.id, settings)} />
        ) : (
          <Alert severity="info">This panel was added by a newer Trackdesk: update the app to see it. It is kept as it is.</Alert>
        )}
      </Box>
    </Paper>
  );
}

/** A project's analysis view: the panels the user added over the runs the experiments table's filter selects. */
export function AnalysisScreen() {
  const { projectId = '' } = useParams();
  const profileId = useActiveProfile().id;
  const viewKey = `${profileId}\n${projectId}`;
  const query = useUiStore((state) => state.tableViews[viewKey]?.text ?? '');
  const project = useApiQuery('getProject', { projectId });
  const layout = usePanelLayout(viewKey);
  const addPanel = useAddPanel(projectId, query, layout);
  const session = useViewSession(projectId, viewKey, project.data?.workspaceName);
  useCompareStart(layout);
  const forProject = useAnalysisSelection((state) => state.forProject);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  useEffect(() => forProject(projectId), [forProject, projectId]);
  const projectName = project.data?.projectName ?? 'Project';
  return (
    <Box sx={{ px: 3, py: 2, display: 'flex', flexDirection: 'column', gap: 2, minHeight: 0, flexGrow: 1, overflow: 'auto' }}>
      <Breadcrumbs aria-label="Breadcrumb">
        <Link component={RouterLink} to={`/projects/${encodeURIComponent(projectId)}`}>
          {projectName}
        </Link>
        <Typography color="text.primary">Analysis</Typography>
      </Breadcrumbs>
      <ViewPicker session={session} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2">
          Analysis of {projectName}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <AnalysisFilter projectId={projectId} viewKey={viewKey} />
        <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={(event) => setMenuAnchor(event.currentTarget)} disabled={panelKinds.length === 0}>
          Add panel
        </Button>
        <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
          {panelKinds.map((entry) => (
            <MenuItem
              key={entry.kind}
              onClick={() => {
                addPanel(entry);
                setMenuAnchor(null);
              }}
            >
              <ListItemIcon>{entry.icon}</ListItemIcon>
              <ListItemText primary={entry.label} secondary={entry.description} />
            </MenuItem>
          ))}
        </Menu>
      </Stack>
      {layout.panels.length === 0 ? (
        <Alert severity="info">No panels yet: “Add panel” charts a metric across runs, compares parameters, or shows what mattered.</Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 520px), 1fr))' }}>
          {layout.panels.map((panel) => (
            <PanelFrame key={panel.id} panel={panel} projectId={projectId} query={query} layout={layout} />
          ))}
        </Box>
      )}
      <LinkedRunsTable projectId={projectId} query={query} panels={layout.panels} />
    </Box>
  );
}
