import { useState } from 'react';
import { useAccessCheck } from '../../lib/access.ts';
import { callBulk, useInvalidateApi, type ApiEndpointName, type BulkOutcome } from '../../lib/api.ts';
import { plural } from '../../lib/format.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { saveDownload } from '../../lib/save-download.ts';
import { useConfirm } from '../../shell/confirm.tsx';
import { useNotify } from '../../shell/notify.tsx';
import type { AssetRecord } from './asset-record.ts';

/** The asset actions of one experiment, and which one is running (for busy buttons). */
export interface AssetActions {
  /** A label of the running action, or null. */
  busy: string | null;
  /** Why the caller may not tag, untag or delete assets (see `useAccess`); undefined where they may. */
  refusals: { addTags: string | undefined; removeTag: string | undefined; remove: string | undefined };
  /** Answers true when every asset got the tags (a failure is shown with the server's message). */
  addTags(assets: readonly AssetRecord[], tags: readonly string[]): Promise<boolean>;
  /** Answers true when the tag is gone from every asset. */
  removeTag(assets: readonly AssetRecord[], tag: string): Promise<boolean>;
  /** Asks first; answers true when the assets were deleted. */
  remove(assets: readonly AssetRecord[]): Promise<boolean>;
  download(asset: AssetRecord): Promise<void>;
}

/** Names the assets for messages: `“a.png”` or `3 assets`. */
export function assetsLabel(assets: readonly AssetRecord[]): string {
  return assets.length === 1 ? `“${assets[0]?.fileName}”` : plural(assets.length, 'asset');
}

/** Tags (E48, E49), delete (E47, confirmed) and download for the assets of one experiment; each refreshes the list. */
export function useAssetActions(experimentKey: string, workspaceName: string | undefined): AssetActions {
  const profileId = useActiveProfile().id;
  const invalidate = useInvalidateApi();
  const confirm = useConfirm();
  const notify = useNotify();
  const [busy, setBusy] = useState<string | null>(null);
  const accessOf = useAccessCheck(workspaceName);

  /** Runs one call per asset; reports the failures with the server's message; refreshes the list either way. */
  const run = async <N extends ApiEndpointName>(label: string, send: () => Promise<BulkOutcome<N>[]>, failure: string): Promise<boolean> => {
    setBusy(label);
    try {
      const outcomes = await send();
      const failed = outcomes.filter((outcome) => !outcome.ok);
      const first = failed[0];
      if (first && !first.ok) {
        const count = failed.length === outcomes.length ? '' : ` (${failed.length} of ${outcomes.length})`;
        notify.error(new Error(first.error.message), `${failure}${count}`);
      }
      return failed.length === 0;
    } catch (error) {
      notify.error(error, failure);
      return false;
    } finally {
      await invalidate([['listAssets', { experimentKey }]]);
      setBusy(null);
    }
  };

  return {
    busy,
    refusals: { addTags: accessOf('addAssetTags').reason, removeTag: accessOf('deleteAssetTag').reason, remove: accessOf('deleteAsset').reason },
    addTags: async (assets, tags) => {
      const items = assets.map((asset) => ({ body: { experimentKey, assetId: asset.assetId, tags: [...tags] } }));
      return run('Add tags', () => callBulk('addAssetTags', items, profileId), `Could not tag ${assetsLabel(assets)}`);
    },
    removeTag: async (assets, tag) => {
      const items = assets.filter((asset) => asset.tags.includes(tag)).map((asset) => ({ query: { experimentKey, assetId: asset.assetId, tag } }));
      return items.length === 0 || run('Remove tag', () => callBulk('deleteAssetTag', items, profileId), `Could not remove the tag “${tag}”`);
    },
    remove: async (assets) => {
      const confirmed = await confirm({
        title: `Delete ${assetsLabel(assets)}?`,
        message: `The ${assets.length === 1 ? 'asset and its bytes are' : 'assets and their bytes are'} removed from the service. This cannot be undone.`,
        confirmLabel: 'Delete',
        destructive: true,
      });
      if (!confirmed) return false;
      const items = assets.map((asset) => ({ query: { experimentKey, assetId: asset.assetId } }));
      const ok = await run('Delete', () => callBulk('deleteAsset', items, profileId), `Could not delete ${assetsLabel(assets)}`);
      if (ok) notify.success(`Deleted ${assetsLabel(assets)}.`);
      return ok;
    },
    download: async (asset) => {
      const label = `Download ${asset.assetId}`;
      try {
        const path = await saveDownload({ endpoint: 'downloadAsset', query: { experimentKey, assetId: asset.assetId }, fileName: asset.fileName, profileId }, () => setBusy(label));
        if (path) notify.success(`Saved ${asset.fileName} to ${path}.`);
      } catch (error) {
        notify.error(error, `Could not download ${asset.fileName}`);
      } finally {
        setBusy(null);
      }
    },
  };
}
