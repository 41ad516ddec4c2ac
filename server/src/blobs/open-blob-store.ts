import { createBlobStore, type BlobStore } from './blob-store.ts';
import { createS3BlobStore, parseS3Location } from './s3-blob-store.ts';

/** The blob store a service or a command uses: the S3-compatible store `blobStore` names (s3://bucket/prefix), else the data dir's. */
export function openBlobStore(dataDir: string, blobStore: string | undefined): BlobStore {
  return blobStore ? createS3BlobStore(parseS3Location(blobStore)) : createBlobStore(dataDir);
}
