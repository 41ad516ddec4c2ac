import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Tooltip,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import type { ProjectRecord } from '../../../../shared/api/projects.ts';
import { useAccessCheck } from '../../lib/access.ts';
import { callApi, useApiMutation, useApiQuery, useInvalidateApi } from '../../lib/api.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useConfirm } from '../../shell/confirm.tsx';
import { useNotify } from '../../shell/notify.tsx';
import { runMutation } from '../../lib/run-mutation.ts';

/** The address a share code opens, in the hosted service's form `<base>/<workspace>/<project>?shareable=<code>`. */
function shareLinkUrl(baseUrl: string, project: Pick<ProjectRecord, 'workspaceName' | 'projectName'>, shareCode: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}/${encodeURIComponent(project.workspaceName)}/${encodeURIComponent(project.projectName)}?shareable=${encodeURIComponent(shareCode)}`;
}

/** Lists a project's share links (read.projectShareLinks) and creates (E15), copies and revokes (E16) them. */
export function ShareLinksDialog({ project, onClose }: { project: ProjectRecord; onClose: () => void }) {
  const profile = useActiveProfile();
  const notify = useNotify();
  const confirm = useConfirm();
  const invalidate = useInvalidateApi();
  const projectId = project.projectId;
  const links = useApiQuery('getProjectShareLinks', { projectId });
  const accessOf = useAccessCheck(project.workspaceName);
  const create = useApiMutation('addProjectShareLink', { invalidate: [['getProjectShareLinks', { projectId }]] });
  const revoke = useMutation({
    mutationFn: (shareCode: string) => callApi('deleteProjectShareLink', { query: { projectId, shareCode } }, profile.id),
    onSuccess: () => invalidate([['getProjectShareLinks', { projectId }]]),
  });
  const copy = async (shareCode: string) => {
    try {
      await navigator.clipboard.writeText(shareLinkUrl(profile.baseUrl, project, shareCode));
      notify.success('Share link copied to the clipboard.');
    } catch (error) {
      notify.error(error, 'Could not copy the share link');
    }
  };
  const askRevoke = async (shareCode: string) => {
    const confirmed = await confirm({
      title: 'Revoke this share link?',
      message: `The link ending in “…${shareCode.slice(-6)}” stops giving access to project “${project.projectName}”. Anyone who has it loses access.`,
      confirmLabel: 'Revoke link',
      destructive: true,
    });
    if (!confirmed) return;
    runMutation(revoke, shareCode, {
      onSuccess: () => notify.success('Share link revoked.'),
      onError: (error) => notify.error(error, 'Could not revoke the share link'),
    });
  };
  const codes = links.data?.shareCodes ?? [];
  return (
    <Dialog open onClose={onClose} aria-labelledby="share-links-title" maxWidth="md" fullWidth>
      <DialogTitle id="share-links-title">Share links of “{project.projectName}”</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Anyone with a share link can view this project on the service without an account. Revoke a link to end that access.
          {profile.kind === 'embedded' && ' The built-in local service has no web pages, so its links only help tools that read share codes.'}
        </DialogContentText>
        {links.isPending && <CircularProgress aria-label="Loading share links" sx={{ mt: 2 }} />}
        {links.error && <Alert severity="error" sx={{ mt: 2 }}>Could not load the share links: {links.error.message}</Alert>}
        {links.data && codes.length === 0 && <Alert severity="info" sx={{ mt: 2 }}>This project has no share links.</Alert>}
        <List aria-label="Share links">
          {codes.map((code) => (
            <ListItem
              key={code}
              secondaryAction={
                <Stack direction="row" spacing={1}>
                  <Tooltip title="Copy link">
                    <IconButton aria-label={`Copy share link ${code}`} onClick={() => void copy(code)}>
                      <ContentCopyIcon />
                    </IconButton>
                  </Tooltip>
                  <BusyButton
                    color="error"
                    aria-label={`Revoke share link ${code}`}
                    busy={revoke.isPending && revoke.variables === code}
                    disabledReason={accessOf('deleteProjectShareLink').reason}
                    onClick={() => void askRevoke(code)}
                  >
                    Revoke
                  </BusyButton>
                </Stack>
              }
            >
              <ListItemText
                primary={shareLinkUrl(profile.baseUrl, project, code)}
                slotProps={{ primary: { sx: { fontFamily: 'monospace', wordBreak: 'break-all', pr: 18 } } }}
              />
            </ListItem>
          ))}
        </List>
        {create.error && <Alert severity="error">Could not create a share link: {create.error.message}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <BusyButton
          variant="contained"
          busy={create.isPending}
          disabledReason={accessOf('addProjectShareLink').reason}
          onClick={() => runMutation(create, { query: { projectId } }, { onSuccess: () => notify.success('Share link created.') })}
        >
          Create share link
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}
