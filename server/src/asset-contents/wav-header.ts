import { unreadable } from './unreadable.ts';

/** The sample format of a WAV's data chunk and where that chunk lies in the file. */
export interface WavLayout {
  /** 1 = integer PCM, 3 = IEEE float. */
  encoding: 1 | 3;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  dataStart: number;
  dataBytes: number;
}

const FORMAT_PCM = 1;
const FORMAT_FLOAT = 3;
const FORMAT_EXTENSIBLE = 0xfffe;

/**
 * Reads a WAV's RIFF header from its first bytes (which must reach the `data` chunk's header): the `fmt ` chunk and
 * where the samples are. Anything but integer PCM (8, 16, 24, 32 bits) or float (32, 64 bits) throws 422 saying why.
 */
export function readWavLayout(head: Buffer, fileSize: number): WavLayout {
  if (head.length < 12 || head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WAVE') {
    throw unreadable('The file is not a WAV (it does not start with a RIFF/WAVE header).');
  }
  let format: Omit<WavLayout, 'dataStart' | 'dataBytes'> | undefined;
  for (let at = 12; at + 8 <= head.length; ) {
    const id = head.toString('latin1', at, at + 4);
    const size = head.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ') format = readFormat(head.subarray(body, Math.min(body + size, head.length)));
    if (id === 'data') {
      if (!format) throw unreadable('The WAV has its samples before its format ("fmt " chunk).');
      return { ...format, dataStart: body, dataBytes: Math.max(0, Math.min(size, fileSize - body)) };
    }
    at = body + size + (size % 2);
  }
  throw unreadable(format ? 'The WAV has no samples ("data" chunk) near its start.' : 'The WAV has no format ("fmt " chunk).');
}

/** The sample format a `fmt ` chunk declares (WAVE_FORMAT_EXTENSIBLE resolved to its sub-format). */
function readFormat(chunk: Buffer): Omit<WavLayout, 'dataStart' | 'dataBytes'> {
  if (chunk.length < 16) throw unreadable('The WAV\'s "fmt " chunk is cut short.');
  const tag = chunk.readUInt16LE(0);
  const encoding = tag === FORMAT_EXTENSIBLE && chunk.length >= 26 ? chunk.readUInt16LE(24) : tag;
  const channels = chunk.readUInt16LE(2);
  const sampleRate = chunk.readUInt32LE(4);
  const bitsPerSample = chunk.readUInt16LE(14);
  const integer = encoding === FORMAT_PCM && [8, 16, 24, 32].includes(bitsPerSample);
  const float = encoding === FORMAT_FLOAT && [32, 64].includes(bitsPerSample);
  if (!integer && !float) throw unreadable(`The WAV's samples are in a format not shown here (format ${encoding}, ${bitsPerSample} bits): PCM or float only.`);
  if (channels < 1 || sampleRate < 1) throw unreadable(`The WAV declares ${channels} channels at ${sampleRate} Hz.`);
  return { encoding: integer ? FORMAT_PCM : FORMAT_FLOAT, channels, sampleRate, bitsPerSample };
}

/** Reads one sample at `at` as a value in -1…1. */
export function sampleReader(layout: WavLayout): (bytes: Buffer, at: number) => number {
  if (layout.encoding === FORMAT_FLOAT) return layout.bitsPerSample === 32 ? (b, at) => b.readFloatLE(at) : (b, at) => b.readDoubleLE(at);
  switch (layout.bitsPerSample) {
    case 8:
      return (b, at) => (b[at]! - 128) / 128;
    case 16:
      return (b, at) => b.readInt16LE(at) / 32768;
    case 24:
      return (b, at) => b.readIntLE(at, 3) / 8388608;
    default:
      return (b, at) => b.readInt32LE(at) / 2147483648;
  }
}
