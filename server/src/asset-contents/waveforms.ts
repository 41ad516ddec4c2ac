import type { BlobStore } from '../blobs/blob-store.ts';
import type { StoredAsset } from '../assets/index.ts';
import { readWavLayout, sampleReader, type WavLayout } from './wav-header.ts';
import { unreadable } from './unreadable.ts';

/** How many peaks a waveform has (fewer when the sound has fewer frames). */
export const PEAK_COUNT = 1000;
/** How many bytes of a WAV's start are read to find its samples (the header and any chunks before `data`). */
const HEAD_BYTES = 64 * 1024;
/** How many waveforms the service keeps (each a few kilobytes). */
const CACHED_WAVEFORMS = 2000;

/** A WAV's waveform: its format, length and the loudest sample (0…1, any channel) of each equal slice of its frames. */
export interface Waveform {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  frames: number;
  durationSeconds: number;
  peaks: number[];
}

/** Waveforms of audio assets, decoded from the blob (a small streaming WAV decoder) once and cached per blob. */
export interface Waveforms {
  of(asset: StoredAsset): Promise<Waveform>;
}

/** The waveforms of a blob store's WAVs, cached in memory (most recent first kept). */
export function createWaveforms(blobs: BlobStore): Waveforms {
  const cache = new Map<string, Promise<Waveform>>();
  return {
    of: (asset) => {
      if (asset.blob === null) throw unreadable(`"${asset.fileName}" is a remote asset: open it from ${asset.remoteLink ?? 'its link'}.`);
      const blob = asset.blob;
      const known = cache.get(blob);
      if (known) return known;
      const made = decodeWaveform(blobs, blob, asset.fileSize);
      cache.set(blob, made);
      made.catch(() => cache.delete(blob));
      if (cache.size > CACHED_WAVEFORMS) cache.delete(cache.keys().next().value!);
      return made;
    },
  };
}

/** Reads a blob's WAV header, then streams its samples once into peaks. */
async function decodeWaveform(blobs: BlobStore, blob: string, fileSize: number): Promise<Waveform> {
  if (fileSize < 12) throw unreadable('The file is not a WAV (it is too short).');
  const head = await readAll(blobs, blob, 0, Math.min(fileSize, HEAD_BYTES) - 1);
  const layout = readWavLayout(head, fileSize);
  const frameBytes = layout.channels * (layout.bitsPerSample / 8);
  const frames = Math.floor(layout.dataBytes / frameBytes);
  const peaks = frames === 0 ? [] : await peaksOf(blobs, blob, layout, frames);
  return { sampleRate: layout.sampleRate, channels: layout.channels, bitsPerSample: layout.bitsPerSample, frames, durationSeconds: frames / layout.sampleRate, peaks };
}

/** The loudest sample of each of up to PEAK_COUNT slices of the frames, streamed (a frame cut between chunks is carried over). */
async function peaksOf(blobs: BlobStore, blob: string, layout: WavLayout, frames: number): Promise<number[]> {
  const read = sampleReader(layout);
  const sampleBytes = layout.bitsPerSample / 8;
  const frameBytes = layout.channels * sampleBytes;
  const count = Math.min(PEAK_COUNT, frames);
  const peaks = new Array<number>(count).fill(0);
  let frame = 0;
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of blobs.read(blob, { start: layout.dataStart, end: layout.dataStart + frames * frameBytes - 1 })) {
    const bytes: Buffer = carry.length ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
    const whole = bytes.length - (bytes.length % frameBytes);
    for (let at = 0; at < whole; at += sampleBytes) {
      const slice = Math.floor(((frame + Math.floor(at / frameBytes)) * count) / frames);
      const value = Math.min(1, Math.abs(read(bytes, at)));
      if (value > peaks[slice]!) peaks[slice] = value;
    }
    frame += whole / frameBytes;
    carry = bytes.subarray(whole);
  }
  return peaks.map((peak) => Math.round(peak * 10000) / 10000);
}

/** The bytes of a blob's range, read whole (used for a small head only). */
async function readAll(blobs: BlobStore, blob: string, start: number, end: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of blobs.read(blob, { start, end })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
