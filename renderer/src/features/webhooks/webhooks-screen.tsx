import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, CircularProgress, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useAccessCheck } from '../../lib/access.ts';
import { useApiQuery } from '../../lib/api.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { useWorkspace } from '../../lib/workspace.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useConfirm } from '../../shell/confirm.tsx';
import { useShortcut } from '../../shell/shortcuts.tsx';
import { ConfigFileButtons } from './config-file-buttons.tsx';
import { DeliveryLog } from './delivery-log.tsx';
import { draftKey, useWebhookDrafts } from './draft-store.ts';
import { blankEntry, EntryDialog } from './entry-dialog.tsx';
import { EntryTable, entryRows } from './entry-table.tsx';
import { SaveDialog } from './save-dialog.tsx';
import { useSendTest } from './send-test.tsx';
import { diffConfig, hasChanges } from './webhook-diff.ts';
import { entriesFromConfig, type WebhookEntry } from './webhook-model.ts';

/** The webhooks of the selected workspace: entries, editing with a reviewed save, tests, export/import and the delivery log. */
export function WebhooksScreen() {
  const { workspaceName, isLoading } = useWorkspace();
  if (!workspaceName) {
    return (
      <Box sx={{ p: 3 }}>
        <Typography variant="h5" component="h2" gutterBottom>
          Webhooks
        </Typography>
        {isLoading ? <CircularProgress aria-label="Loading workspaces" /> : <Alert severity="info">Choose or create a workspace to see its webhooks.</Alert>}
      </Box>
    );
  }
  return <WorkspaceWebhooks key={workspaceName} workspaceName={workspaceName} />;
}

function WorkspaceWebhooks({ workspaceName }: { workspaceName: string }) {
  const config = useApiQuery('getWebhookConfig', { workspaceName });
  const saved = useMemo(() => (config.data ? entriesFromConfig(config.data.webhookConfigs) : []), [config.data]);
  const key = draftKey(useActiveProfile().id, workspaceName);
  const draft = useWebhookDrafts((state) => state.drafts[key] ?? null);
  const keep = useWebhookDrafts((state) => state.keep);
  const setDraft = (entries: WebhookEntry[] | null) => keep(key, entries);
  const [editing, setEditing] = useState<WebhookEntry | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [notes, setNotes] = useState<string[]>([]);
  const test = useSendTest(workspaceName);
  const confirm = useConfirm();
  const accessOf = useAccessCheck(workspaceName);
  /** Members and viewers read the configuration; only admins change it (the service would refuse the save). */
  const readOnlyReason = accessOf('replaceWebhookConfig').reason ?? accessOf('mergeWebhookConfig').reason;
  const readOnly = readOnlyReason !== undefined;
  const edited = draft ?? saved;
  const change = (next: (entries: WebhookEntry[]) => WebhookEntry[]) => setDraft(next(draft ?? saved));
  const diff = diffConfig(saved, edited, 'replace');
  const unsaved = hasChanges(diff);
  const review = () => void config.refetch().then(() => setSaving(true));
  /** Resolves true when there is nothing unsaved, or the user agrees to lose it. */
  const keepUnsavedUnless = async (title: string, confirmLabel: string) =>
    !unsaved ||
    confirm({ title, message: `Your unsaved webhook edits for ${workspaceName} will be lost.`, confirmLabel, destructive: true });
  const discard = async () => {
    if (!(await keepUnsavedUnless('Discard your unsaved webhook edits?', 'Discard edits'))) return;
    setDraft(null);
    setNotes([]);
  };
  useShortcut('n', 'Add a webhook', () => !readOnly && setEditing(blankEntry()), { group: 'Webhooks' });
  useShortcut('Mod+S', 'Review and save the webhooks', () => !readOnly && unsaved && review(), { group: 'Webhooks' });
  return (
    <Box sx={{ p: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          Webhooks of {workspaceName}
        </Typography>
        <ConfigFileButtons
          workspaceName={workspaceName}
          saved={saved}
          onImported={(entries, importNotes) =>
            void keepUnsavedUnless('Replace your unsaved edits with the imported file?', 'Replace edits').then((replace) => {
              if (!replace) return;
              setDraft(entries);
              setNotes(['Imported into the editor: review and save to apply it.', ...importNotes]);
            })
          }
        />
        <BusyButton variant="outlined" startIcon={<AddIcon />} disabledReason={readOnlyReason} onClick={() => setEditing(blankEntry())}>
          Add webhook
        </BusyButton>
        <BusyButton disabled={draft === null} disabledReason={readOnlyReason} onClick={() => void discard()}>
          Discard changes
        </BusyButton>
        <BusyButton variant="contained" disabled={!unsaved} disabledReason={readOnlyReason} onClick={review}>
          Review and save…
        </BusyButton>
      </Stack>
      {readOnly && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Read-only: {readOnlyReason} Only the workspace’s admins change webhooks, send tests and re-send deliveries; you can read the configuration and the deliveries.
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Each address receives an HTTP POST with a JSON body when a registry version’s stages change, or on the events its entry lists instead (new versions, status changes, promotion requests and decisions). Edits stay here until you review and save them.
      </Typography>
      {notes.map((note) => (
        <Alert key={note} severity="info" sx={{ mb: 1 }} onClose={() => setNotes((current) => current.filter((other) => other !== note))}>
          {note}
        </Alert>
      ))}
      {unsaved && <Alert severity="warning" sx={{ mb: 1 }}>Unsaved changes: {diff.added.length} added, {diff.changed.length} edited, {diff.missing.length} removed.</Alert>}
      {config.isPending && <CircularProgress aria-label="Loading the webhook configuration" />}
      {config.error && <Alert severity="error">Could not load the webhook configuration of {workspaceName}: {config.error.message}</Alert>}
      {config.data && edited.length === 0 && diff.missing.length === 0 && (
        <Alert severity="info">No webhooks are configured in {workspaceName}. Add one to be notified of stage changes.</Alert>
      )}
      {(edited.length > 0 || diff.missing.length > 0) && (
        <EntryTable
          rows={entryRows(diff, edited)}
          onEdit={setEditing}
          onRemove={(entry) => change((entries) => entries.filter((other) => other.id !== entry.id))}
          onRestore={(entry) => change((entries) => [...entries, entry])}
          onTest={test.send}
          readOnly={readOnly}
          testRefusal={test.refusal}
        />
      )}
      <DeliveryLog workspaceName={workspaceName} />
      {editing && (
        <EntryDialog
          workspaceName={workspaceName}
          initial={editing}
          others={edited}
          onClose={() => setEditing(undefined)}
          onApply={(entry) => {
            const replaced = editing.id;
            change((entries) => (entries.some((other) => other.id === replaced) ? entries.map((other) => (other.id === replaced ? entry : other)) : [...entries, entry]));
            setEditing(undefined);
          }}
        />
      )}
      {saving && (
        <SaveDialog
          workspaceName={workspaceName}
          saved={saved}
          edited={edited}
          onClose={() => setSaving(false)}
          onSaved={() => {
            setSaving(false);
            setDraft(null);
            setNotes([]);
          }}
        />
      )}
      {test.dialog}
    </Box>
  );
}
