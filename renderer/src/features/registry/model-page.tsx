import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useApiMutation, useApiQuery } from '../../lib/api.ts';
import { FOLLOW_REGISTRY } from './follow-registry.ts';
import { plural } from '../../lib/format.ts';
import { useWorkspace } from '../../lib/workspace.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useConfirm } from '../../shell/confirm.tsx';
import { useNotify } from '../../shell/notify.tsx';
import { RecordHeader } from '../../shell/record-header.tsx';
import { DeliveryLog } from '../webhooks/index.ts';
import { MetadataDialog } from './metadata-dialog.tsx';
import { ModelEditDialog } from './model-edit-dialog.tsx';
import { ModelNotesDialog } from './model-notes-dialog.tsx';
import { modelPath } from './model-table.tsx';
import { PolicyEditor } from './promotion/policy-editor.tsx';
import { PromotionCockpit } from './promotion/promotion-cockpit.tsx';
import { useRegistryAccess } from './registry-access.ts';
import type { PromotionChange } from './promotion/use-promotion.ts';
import { StageDialog, type RegistryVersion } from './stage-dialog.tsx';
import { VersionFormDialog } from './version-form-dialog.tsx';
import { VersionHistorySection } from './version-history-section.tsx';
import { VersionTable } from './version-table.tsx';
import { useDeleteVersion, VERSION_CHANGE_INVALIDATES } from './use-delete-version.ts';
import { runMutation } from '../../lib/run-mutation.ts';

type Open =
  | { kind: 'edit' }
  | { kind: 'notes' }
  | { kind: 'version' }
  | { kind: 'stages' | 'metadata'; registryModelItemId: string; opened: RegistryVersion }
  | { kind: 'promote'; registryModelItemId: string; opened: RegistryVersion; change: PromotionChange | undefined }
  | undefined;

/** One registry model of the selected workspace: its versions and their stages, notes, edits, deletes and deliveries. */
export function ModelPage() {
  const { modelName = '' } = useParams();
  const { workspaceName, isLoading } = useWorkspace();
  if (!workspaceName) return isLoading ? <CircularProgress aria-label="Loading workspaces" sx={{ m: 3 }} /> : <Alert severity="info" sx={{ m: 3 }}>Choose a workspace.</Alert>;
  return <ModelDetails key={`${workspaceName}/${modelName}`} workspaceName={workspaceName} modelName={modelName} />;
}

function ModelDetails({ workspaceName, modelName }: { workspaceName: string; modelName: string }) {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const notify = useNotify();
  const accessOf = useRegistryAccess(workspaceName);
  const details = useApiQuery('registryModelDetails', { workspaceName, modelName }, FOLLOW_REGISTRY);
  const [open, setOpen] = useState<Open>(undefined);
  // `?request=<id>` (from the requests inbox or a version awaiting approval) opens the cockpit on that request.
  const [search, setSearch] = useSearchParams();
  const requestId = search.get('request');
  const requests = useApiQuery('listPromotionRequests', { workspaceName, modelName }, FOLLOW_REGISTRY);
  const deleteModel = useApiMutation('deleteRegistryModel', { invalidate: VERSION_CHANGE_INVALIDATES });
  const removeVersion = useDeleteVersion(modelName);
  if (details.error) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error" action={<Button component={RouterLink} to="/registry" color="inherit">All models</Button>}>
          Could not open the model “{modelName}”: {details.error.message}
        </Alert>
      </Box>
    );
  }
  if (!details.data) return <CircularProgress aria-label="Loading the model" sx={{ m: 3 }} />;
  const model = details.data;
  const ref = { workspaceName, modelName: model.modelName, registryModelId: model.registryModelId };
  // A dialog open on a version stays open when the version vanishes meanwhile (deleted elsewhere, seen by the next
  // re-read): what the user typed stays, and saving reports the service's refusal instead of the dialog disappearing.
  const chosen =
    open?.kind === 'stages' || open?.kind === 'metadata' || open?.kind === 'promote'
      ? (model.versions.find((version) => version.registryModelItemId === open.registryModelItemId) ?? open.opened)
      : undefined;
  const stagesOf = open?.kind === 'stages' ? chosen : undefined;
  const metadataOf = open?.kind === 'metadata' ? chosen : undefined;
  const promoted = open?.kind === 'promote' ? chosen : undefined;
  const asked = requestId ? requests.data?.requests.find((request) => request.requestId === requestId) : undefined;
  const askedVersion = asked ? model.versions.find((version) => version.registryModelItemId === asked.registryModelItemId) : undefined;
  const closeRequest = () => setSearch({}, { replace: true });

  const removeModel = async () => {
    const versions = model.versions.map((version) => version.version);
    const confirmed = await confirm({
      title: `Delete the model “${model.modelName}”?`,
      message: `The model, its notes and ${versions.length === 0 ? 'no versions' : `${plural(versions.length, 'version')} (${versions.join(', ')})`} are deleted from the registry of ${workspaceName}. The experiments and their models stay. This cannot be undone.`,
      confirmLabel: 'Delete model',
      destructive: true,
    });
    if (!confirmed) return;
    runMutation(
      deleteModel,
      { query: { workspaceName, modelName: model.modelName } },
      {
        onSuccess: () => {
          notify.success(`Deleted the model ${model.modelName}.`);
          void navigate('/registry');
        },
        onError: (error) => notify.error(error, `Could not delete the model ${model.modelName}`),
      },
    );
  };

  return (
    <Box sx={{ p: 3 }}>
      <RecordHeader
        listPath="/registry"
        listLabel={`Model registry of ${workspaceName}`}
        name={model.modelName}
        isPublic={model.isPublic}
        summary={`${plural(model.numberOfVersions, 'version')} · registered by ${model.userName}`}
      >
        <BusyButton size="small" disabledReason={accessOf('newVersion').reason} onClick={() => setOpen({ kind: 'version' })}>
          New version…
        </BusyButton>
        <Button size="small" onClick={() => setOpen({ kind: 'notes' })}>
          Notes…
        </Button>
        <BusyButton size="small" disabledReason={accessOf('editModel').reason} onClick={() => setOpen({ kind: 'edit' })}>
          Edit model…
        </BusyButton>
        <BusyButton size="small" color="error" disabledReason={accessOf('deleteModel').reason} onClick={() => void removeModel()}>
          Delete model…
        </BusyButton>
      </RecordHeader>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2, whiteSpace: 'pre-wrap' }}>
        {model.description || 'No description.'}
      </Typography>
      {model.versions.length === 0 ? (
        <Alert severity="info">This model has no versions. Add one with “New version…”.</Alert>
      ) : (
        <VersionTable
          model={ref}
          versions={model.versions}
          onStages={(version) => setOpen({ kind: 'stages', registryModelItemId: version.registryModelItemId, opened: version })}
          onPromote={(version, change) => setOpen({ kind: 'promote', registryModelItemId: version.registryModelItemId, opened: version, change })}
          onMetadata={(version) => setOpen({ kind: 'metadata', registryModelItemId: version.registryModelItemId, opened: version })}
          onDelete={(version) => void removeVersion(version)}
          accessOf={accessOf}
          pending={requests.data?.requests.filter((request) => request.state === 'pending') ?? []}
        />
      )}
      <PolicyEditor workspaceName={workspaceName} modelName={model.modelName} />
      <VersionHistorySection subject={{ registryModelId: model.registryModelId, versions: model.versions }} />
      <DeliveryLog workspaceName={workspaceName} modelName={model.modelName} />
      {open?.kind === 'edit' && (
        <ModelEditDialog
          model={model}
          onClose={() => setOpen(undefined)}
          onSaved={(name) => {
            setOpen(undefined);
            if (name !== model.modelName) void navigate(modelPath(name), { replace: true });
          }}
        />
      )}
      {open?.kind === 'notes' && <ModelNotesDialog workspaceName={workspaceName} modelName={model.modelName} onClose={() => setOpen(undefined)} />}
      {open?.kind === 'version' && (
        <VersionFormDialog
          workspaceName={workspaceName}
          target={{ kind: 'version', modelName: model.modelName, versions: model.versions }}
          onClose={() => setOpen(undefined)}
          onDone={() => setOpen(undefined)}
        />
      )}
      {metadataOf && (
        <MetadataDialog target={{ ...ref, registryModelItemId: metadataOf.registryModelItemId, version: metadataOf.version }} onClose={() => setOpen(undefined)} />
      )}
      {promoted && open?.kind === 'promote' && (
        <PromotionCockpit model={ref} versions={model.versions} target={promoted} {...(open.change ? { initial: open.change } : {})} onClose={() => setOpen(undefined)} />
      )}
      {requestId && requests.data && !askedVersion && (
        <Alert severity="warning" sx={{ mt: 2 }} onClose={closeRequest}>
          The promotion request you opened was not found among the versions of {model.modelName}: it may have been removed with its version.
        </Alert>
      )}
      {asked && askedVersion && !open && (
        <PromotionCockpit model={ref} versions={model.versions} target={askedVersion} initial={{ kind: asked.kind, value: asked.value }} requestId={asked.requestId} onClose={closeRequest} />
      )}
      {stagesOf && <StageDialog model={ref} versions={model.versions} target={stagesOf} onClose={() => setOpen(undefined)} />}
    </Box>
  );
}
