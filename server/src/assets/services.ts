import type { BlobCollector } from '../blobs/blob-garbage.ts';
import type { BlobStore } from '../blobs/blob-store.ts';
import type { ExperimentServices } from '../experiments/index.ts';
import type { ArtifactLineageStore } from './artifact-lineage-store.ts';
import type { ArtifactStore } from './artifact-store.ts';
import type { AssetStore } from './asset-store.ts';
import type { ExperimentModelStore } from './experiment-model-store.ts';
import type { GitPatchStore } from './git-patch-store.ts';
import type { ImagePreviews } from './image-previews.ts';

/** What the assets domain uses of the service: the blobs, and the assets, models, patches and artifacts over them. */
export interface AssetServices extends ExperimentServices {
  config: ExperimentServices['config'] & {
    /** The service's data folder (image previews are cached in `previews/` there). */
    dataDir: string;
    /** Size limit of one uploaded file (E44, E45, E53): 413 beyond it. */
    uploadLimitBytes: number;
  };
  blobs: BlobStore;
  /** Frees the bytes of deleted assets, patches and panels. */
  blobGarbage: BlobCollector;
  assets: AssetStore;
  experimentModels: ExperimentModelStore;
  gitPatches: GitPatchStore;
  artifacts: ArtifactStore;
  /** Which experiments produced and consumed which artifact versions. */
  artifactLineage: ArtifactLineageStore;
  /** Image previews: made on request or ahead after an upload, cached, removed with their blob. */
  previews: ImagePreviews;
}
