import type { HandlerTable } from '../http/handler.ts';
import type { Services } from '../services.ts';
import { saveUploadedAsset } from '../handlers/assets-save.ts';
import { ok } from '../handlers/replies.ts';

/** The asset type the images of the live SDK are stored as (listed by `asset/list?type=image`). */
const IMAGE = 'image';

/**
 * Upload handlers of the clientlib front door (clients.md B.7): the live SDK's uploads onto the same storage
 * and rules as the REST routes.
 */
export function createClientlibUploadHandlers(services: Services): HandlerTable {
  return {
    uploadVisualization: async ({ query, caller, request }) => {
      const experiment = services.access.experiment(caller, query.experimentId);
      const extension = query.extension?.trim().replace(/^\./, '') || 'png';
      const saved = await saveUploadedAsset(services, caller, request, {
        experiment,
        type: IMAGE,
        fileName: query.figName,
        // The live SDK names the part `file`: an unnamed figure gets the counter instead.
        fallbackName: `figure_${query.figCounter ?? 0}`,
        ignorePartName: true,
        extension,
        assetId: query.imageId,
        overwrite: query.overwrite,
        step: query.step,
        epoch: query.epoch,
        context: query.context,
      });
      return { ...ok('Saved'), assetId: saved.assetId, imageId: saved.assetId };
    },
  };
}
