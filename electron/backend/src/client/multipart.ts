import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** A multipart/form-data body streamed from disk: its content type, exact length and the bytes. */
interface MultipartBody {
  contentType: string;
  length: number;
  body: AsyncGenerator<Uint8Array>;
}

/** Where the file part's bytes come from: a file on disk, or a stream (the browser shell's upload route). */
type MultipartFileSource = { filePath: string; fileStream?: undefined } | { fileStream: AsyncIterable<Uint8Array>; filePath?: undefined };

/** What goes into the body: text fields first, then one file part. */
type MultipartParts = MultipartFileSource & {
  fields: Record<string, string>;
  fileField: string;
  fileName: string;
  fileSize: number;
  /** Called with the file bytes sent so far, after each chunk. */
  onFileBytes?: (sent: number) => void;
};

/** Quotes a form-data name or file name (quotes and line breaks would end the header). */
function quoted(value: string): string {
  return `"${value.replace(/[\r\n]/g, ' ').replace(/"/g, '%22')}"`;
}

/** Builds a multipart body whose file part is read from disk (or its stream) chunk by chunk, never whole in memory. */
export function multipartFromFile(parts: MultipartParts): MultipartBody {
  const boundary = `----TrackdeskFormBoundary${randomBytes(16).toString('hex')}`;
  const encoder = new TextEncoder();
  const fieldText = Object.entries(parts.fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}\r\n\r\n${value}\r\n`)
    .join('');
  const head = encoder.encode(
    `${fieldText}--${boundary}\r\nContent-Disposition: form-data; name=${quoted(parts.fileField)}; filename=${quoted(parts.fileName)}\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.byteLength + parts.fileSize + tail.byteLength,
    body: stream(head, tail, parts),
  };
}

/** The file part's bytes, and how to let go of the file afterwards (a stream given by the caller stays the caller's). */
function openFile(source: MultipartFileSource): { bytes: AsyncIterable<Uint8Array>; close(): void } {
  if (source.fileStream) return { bytes: source.fileStream, close: () => undefined };
  const fromDisk = createReadStream(source.filePath, { highWaterMark: 256 * 1024 });
  return { bytes: fromDisk, close: () => fromDisk.destroy() };
}

async function* stream(head: Uint8Array, tail: Uint8Array, parts: MultipartParts): AsyncGenerator<Uint8Array> {
  yield head;
  let sent = 0;
  const file = openFile(parts);
  try {
    for await (const chunk of file.bytes) {
      sent += chunk.byteLength;
      if (sent > parts.fileSize) throw new Error(`${parts.fileName} grew while it was being uploaded.`);
      yield chunk;
      parts.onFileBytes?.(sent);
    }
  } finally {
    file.close();
  }
  if (sent !== parts.fileSize) throw new Error(`${parts.fileName} shrank while it was being uploaded.`);
  yield tail;
}
