import { inflateRawSync } from 'node:zlib';

/** The most bytes one entry of an archive may inflate to (an offline run's asset). */
const MAX_ENTRY_BYTES = 1024 ** 3;
const END_OF_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/** Why an archive cannot be read, in words for the user. */
export class ArchiveUnreadable extends Error {}

/** Reads the entries of a zip (stored or deflated, as Python's zipfile writes them) by name. */
export function zipEntries(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(END_OF_DIRECTORY);
  if (end < 0 || end + 22 > zip.length) throw new ArchiveUnreadable('it is not a zip file');
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== 0x02014b50) throw new ArchiveUnreadable('its zip directory is damaged');
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localOffset = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    if (localOffset + 30 > zip.length) throw new ArchiveUnreadable(`its entry ${name} is damaged`);
    const dataStart = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const raw = zip.subarray(dataStart, dataStart + compressedSize);
    if (method !== 0 && method !== 8) throw new ArchiveUnreadable(`its entry ${name} uses a compression Trackdesk does not read`);
    try {
      entries.set(name, method === 8 ? inflateRawSync(raw, { maxOutputLength: MAX_ENTRY_BYTES }) : Buffer.from(raw));
    } catch {
      throw new ArchiveUnreadable(`its entry ${name} is damaged or larger than 1 GiB`);
    }
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
