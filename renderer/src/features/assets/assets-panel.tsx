import { Alert, Box, CircularProgress, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAccess } from '../../lib/access.ts';
import { invalidateApi, useApiQuery } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { plural } from '../../lib/format.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { BusyButton } from '../../shell/busy-button.tsx';
import { tagsOf } from './asset-record.ts';
import { AssetTable } from './asset-table.tsx';
import { TYPE_FILTERS, type TypeFilter } from './asset-types.ts';
import { AssetsBulkBar } from './assets-bulk-bar.tsx';
import { AddAssetTagsDialog, RemoveTagDialog } from './bulk-tag-dialogs.tsx';
import { RegisterLoggedModel } from './register-logged-model.tsx';
import { RemoteAssetsDialog } from './remote-assets-dialog.tsx';
import { UploadArea } from './upload-area.tsx';
import { UploadQueueView } from './upload-queue-view.tsx';
import { listenForProgress, useUploadStore } from './upload-store.ts';
import { assetsLabel, useAssetActions } from './use-asset-actions.ts';

/** The assets of one experiment: type filter, uploads with their progress, the list with previews, tags, download and delete. */
export function AssetsPanel({ experimentKey, workspaceName }: { experimentKey: string; workspaceName: string }) {
  const profileId = useActiveProfile().id;
  const client = useQueryClient();
  const [filter, setFilter] = useState<TypeFilter>('all');
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<'tags' | 'untag' | 'remote' | null>(null);
  const [registering, setRegistering] = useState<string | null>(null);
  const list = useApiQuery('listAssets', { experimentKey, type: filter });
  const actions = useAssetActions(experimentKey, workspaceName);
  const remoteAccess = useAccess('uploadRemoteAssets', workspaceName);
  const uploads = useUploadStore(useShallow((state) => state.items.filter((item) => item.profileId === profileId && item.experimentKey === experimentKey)));
  const { cancel, retry, dismiss } = useUploadStore(useShallow(({ cancel, retry, dismiss }) => ({ cancel, retry, dismiss })));
  const uploadedCount = uploads.filter((item) => item.status === 'done').length;

  useEffect(listenForProgress, []);
  // Uploads finish on their own schedule (also while this panel was not shown): refresh the list when one does.
  useEffect(() => {
    if (uploadedCount > 0) void invalidateApi(client, profileId, [['listAssets', { experimentKey }]]);
  }, [client, profileId, experimentKey, uploadedCount]);

  const assets = useMemo(() => list.data?.assets ?? [], [list.data]);
  const selected = useMemo(() => assets.filter((asset) => selectedIds.has(asset.assetId)), [assets, selectedIds]);
  const select = (ids: readonly string[], on: boolean) =>
    setSelectedIds((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const clearSelection = () => setSelectedIds(new Set());

  return (
    <Box component="section" aria-labelledby="assets-heading">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography id="assets-heading" variant="h6" component="h2">
          Assets
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={filter}
          onChange={(_event, value: TypeFilter | null) => {
            if (value === null) return;
            setFilter(value);
            clearSelection();
          }}
          aria-label="Asset type"
        >
          {TYPE_FILTERS.map((option) => (
            <ToggleButton key={option.value} value={option.value}>
              {option.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
          {list.data ? plural(assets.length, 'asset') : ''}
        </Typography>
        <BusyButton disabledReason={remoteAccess.reason} onClick={() => setDialog('remote')}>
          Add remote assets…
        </BusyButton>
      </Stack>
      <UploadArea experimentKey={experimentKey} workspaceName={workspaceName} />
      <UploadQueueView items={uploads} onCancel={cancel} onRetry={retry} onDismiss={dismiss} />
      {selected.length > 0 && (
        <AssetsBulkBar
          selected={selected}
          busy={actions.busy}
          refusals={actions.refusals}
          onAddTags={() => setDialog('tags')}
          onRemoveTag={() => setDialog('untag')}
          onDelete={() => void actions.remove(selected).then((deleted) => deleted && clearSelection())}
          onClear={clearSelection}
        />
      )}
      {list.isPending && <CircularProgress aria-label="Loading the assets" />}
      {list.isError && <Alert severity="error">Could not load the assets: {errorMessage(list.error)}</Alert>}
      {list.data && assets.length === 0 && (
        <Typography color="text.secondary">{filter === 'all' ? 'No assets yet: upload files above or add remote ones.' : 'No assets of this type.'}</Typography>
      )}
      {assets.length > 0 && <AssetTable experimentKey={experimentKey} assets={assets} selected={selectedIds} onSelect={select} actions={actions} onRegister={(asset) => setRegistering(asset.groupingName)} />}
      {dialog === 'tags' && (
        <AddAssetTagsDialog
          target={assetsLabel(selected)}
          suggestions={tagsOf(assets)}
          busy={actions.busy === 'Add tags'}
          onSubmit={(tags) => void actions.addTags(selected, tags).then((done) => done && setDialog(null))}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'untag' && (
        <RemoveTagDialog
          target={assetsLabel(selected)}
          tags={tagsOf(selected)}
          busy={actions.busy === 'Remove tag'}
          onSubmit={(tag) => void actions.removeTag(selected, tag).then((done) => done && setDialog(null))}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'remote' && <RemoteAssetsDialog experimentKey={experimentKey} onClose={() => setDialog(null)} />}
      {registering !== null && <RegisterLoggedModel experimentKey={experimentKey} workspaceName={workspaceName} modelName={registering} onClose={() => setRegistering(null)} />}
    </Box>
  );
}
