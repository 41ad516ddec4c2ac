import { Box, Paper, Typography } from '@mui/material';
import { LogFromCodePanel } from './log-from-code-panel.tsx';
import { useScriptSettings } from './use-script-settings.ts';

/** What a newcomer sees on an empty local service: how to log a first run into it from a training script. */
export function FirstRun({ profileId, workspaceName }: { profileId: string; workspaceName: string }) {
  // The browser shell cannot copy the key (it would pass through the page): there the settings are saved as a file only.
  const canCopy = useScriptSettings(profileId).settings.data?.canCopy ?? false;
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} component="section" aria-labelledby="first-run-title">
      <Typography id="first-run-title" variant="h6" component="h3" gutterBottom>
        Log your first run
      </Typography>
      <Typography variant="body2" gutterBottom>
        {workspaceName} has no projects yet. Create one with “New project”, or let a training script create it: install the SDK
        (<Box component="code">pip install comet_ml</Box>), create a key for scripts, {canCopy ? 'copy or save the settings below' : 'save the settings below as a .comet.config file'}, and run your
        script. Its project appears here as soon as the run starts, and the run’s charts and output grow while it trains.
      </Typography>
      <Box sx={{ mt: 2 }}>
        <LogFromCodePanel profileId={profileId} />
      </Box>
    </Paper>
  );
}
