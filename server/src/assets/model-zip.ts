import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import yazl from 'yazl';
import type { BlobStore } from '../blobs/blob-store.ts';
import type { StoredAsset } from './asset-store.ts';
import { contentDisposition } from './download.ts';

/**
 * A safe, unique entry name for a file name a client chose: backslashes become slashes; drive letters,
 * leading slashes, empty, `.` and `..` segments are dropped; a name already used gets ` (2)`, ` (3)`…
 * before its extension.
 */
export function zipEntryName(fileName: string, used: Set<string>): string {
  const segments = fileName.replace(/\\/g, '/').replace(/^[a-zA-Z]:/, '').split('/');
  const base = segments.filter((segment) => segment !== '' && segment !== '.' && segment !== '..').join('/') || 'file';
  let name = base;
  for (let copy = 2; used.has(name); copy += 1) {
    const dot = base.lastIndexOf('.');
    name = dot > base.lastIndexOf('/') + 1 ? `${base.slice(0, dot)} (${copy})${base.slice(dot)}` : `${base} (${copy})`;
  }
  used.add(name);
  return name;
}

/**
 * Sends a model's uploaded files as a zip, streamed: each file is opened only when the zip reaches it
 * and stored uncompressed (model weights hardly compress). Remote files have no bytes here and are left out.
 */
export function sendModelZip(reply: FastifyReply, blobs: BlobStore, files: readonly StoredAsset[], zipName: string): FastifyReply {
  const zip = new yazl.ZipFile();
  // A file that cannot be read mid-way (removed underneath) ends the download as a broken transfer, never the process.
  const fail = (error: Error) => (zip.outputStream as Readable).destroy(error);
  zip.on('error', fail);
  const used = new Set<string>();
  for (const file of files) {
    const blob = file.blob;
    if (blob === null) continue;
    const options = { mtime: new Date(file.createdAt), size: file.fileSize, compress: false };
    zip.addReadStreamLazy(zipEntryName(file.fileName, used), options, (done) => {
      const stream = blobs.read(blob);
      stream.once('error', fail);
      done(null, stream);
    });
  }
  zip.end();
  return reply
    .code(200)
    .header('Content-Type', 'application/zip')
    .header('Content-Disposition', contentDisposition(zipName))
    .header('X-Content-Type-Options', 'nosniff')
    .send(zip.outputStream);
}
