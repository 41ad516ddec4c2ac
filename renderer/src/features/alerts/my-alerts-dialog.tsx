import { Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, List, ListItem, ListItemText, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useApiMutation, useApiQuery } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useConfirm } from '../../shell/confirm.tsx';

/** A rule's condition in words. */
function conditionText(rule: { kind: string; metricName: string | null; operator: string | null; threshold: number | null; steps: number | null; minutes: number | null }): string {
  switch (rule.kind) {
    case 'threshold':
      return `${rule.metricName} ${rule.operator} ${rule.threshold}`;
    case 'nonFinite':
      return `${rule.metricName} becomes NaN or infinite`;
    case 'noImprovement':
      return `${rule.metricName} does not improve for ${rule.steps} steps`;
    case 'stale':
      return `no ${rule.metricName} for ${rule.minutes} minutes`;
    default:
      return `the run ${rule.kind === 'crashed' ? 'crashes' : 'finishes'}`;
  }
}

/** "My alerts": my rules and the shared ones of a workspace, with what each last fired on; deleting asks first. */
export function MyAlertsDialog({ workspaceName, onClose }: { workspaceName: string; onClose(): void }) {
  const rules = useApiQuery('listAlertRules', { workspaceName });
  const remove = useApiMutation('deleteAlertRule', { invalidate: ['listAlertRules'] });
  const confirm = useConfirm();
  const list = rules.data?.rules ?? [];
  return (
    <Dialog open onClose={onClose} aria-labelledby="my-alerts-title" maxWidth="sm" fullWidth>
      <DialogTitle id="my-alerts-title">My alerts</DialogTitle>
      <DialogContent>
        {rules.error && <Typography color="error">The alerts could not be read: {rules.error.message}</Typography>}
        {rules.data && list.length === 0 && <Typography>No alert yet: use "Notify me when…" on a run's page.</Typography>}
        <List dense>
          {list.map((rule) => (
            <ListItem
              key={rule.ruleId}
              secondaryAction={
                <Tooltip title="Delete this alert">
                  <IconButton
                    aria-label={`Delete alert ${rule.name || conditionText(rule)}`}
                    onClick={() =>
                      void confirm({ title: 'Delete this alert?', message: `"${rule.name || conditionText(rule)}" stops watching runs; what it fired stays in the bell.`, confirmLabel: 'Delete' }).then(
                        (yes) => yes && remove.mutate({ body: { ruleId: rule.ruleId } }),
                      )
                    }
                  >
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              }
            >
              <ListItemText
                primary={`${rule.name || conditionText(rule)}${rule.shared ? ` (shared in ${rule.projectName})` : ''}`}
                secondary={`When ${conditionText(rule)}${rule.experimentKey ? ` on run ${rule.experimentKey.slice(0, 8)}` : ''} · ${
                  rule.lastFired ? `last fired ${formatDateTime(rule.lastFired.at)} on ${rule.lastFired.experimentName ?? rule.lastFired.experimentKey}` : 'never fired'
                }`}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
