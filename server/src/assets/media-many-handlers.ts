import { MEDIA_MANY_MAX_ITEMS, MEDIA_MANY_MAX_NAMES } from '../../../shared/api/media-many.ts';
import type { StoredAsset } from './asset-store.ts';
import { ApiError } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import { typeFilter } from './records.ts';
import type { AssetServices } from './services.ts';

/** Runs read at once (the SQLite reads are synchronous; PostgreSQL overlaps them). */
const MANY_AT_ONCE = 8;

/** A turn of the event loop, so that a 1,000-run read does not starve other requests. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Steps in order, assets without a step first; equal steps keep their upload order. */
const byStep = (a: StoredAsset, b: StoredAsset) => (a.step ?? -1) - (b.step ?? -1);

/** Handler of `ext.mediaMany`: the names of one kind of media across runs, and one name's assets per run. */
export function createMediaManyHandlers(services: AssetServices): HandlerTable {
  const { access, assets } = services;
  return {
    getMediaMany: async ({ body, caller }) => {
      const keys = [...new Set(body.experimentKeys)];
      const type = typeFilter(body.type) ?? body.type;
      const runsByName = new Map<string, number>();
      const runs: { experimentKey: string; items: { assetId: string; step: number | null; context: string | null }[] }[] = [];
      let itemCount = 0;
      let truncated = false;
      const one = async (key: string) => {
        const experiment = await access.experiment(caller, key).catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        });
        return experiment ? { key, listed: await assets.list(experiment.id, type) } : null;
      };
      for (let at = 0; at < keys.length; at += MANY_AT_ONCE) {
        if (at > 0) await nextTurn();
        for (const read of await Promise.all(keys.slice(at, at + MANY_AT_ONCE).map(one))) {
          if (!read) continue;
          for (const name of new Set(read.listed.map((asset) => asset.fileName))) runsByName.set(name, (runsByName.get(name) ?? 0) + 1);
          const named = body.name === undefined ? [] : read.listed.filter((asset) => asset.fileName === body.name).sort(byStep);
          if (named.length === 0) continue;
          const room = Math.max(0, MEDIA_MANY_MAX_ITEMS - itemCount);
          if (named.length > room) truncated = true;
          const kept = named.slice(0, room);
          itemCount += kept.length;
          runs.push({ experimentKey: read.key, items: kept.map((asset) => ({ assetId: asset.uuid, step: asset.step, context: asset.context })) });
        }
      }
      const names = [...runsByName].map(([name, count]) => ({ name, runs: count })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      if (names.length > MEDIA_MANY_MAX_NAMES) truncated = true;
      const found = new Set(runs.map((run) => run.experimentKey));
      return {
        type,
        names: names.slice(0, MEDIA_MANY_MAX_NAMES),
        runs,
        missing: body.name === undefined ? [] : keys.filter((key) => !found.has(key)),
        truncated,
      };
    },
  };
}
