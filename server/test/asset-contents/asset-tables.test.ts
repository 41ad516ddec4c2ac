import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { replaySdkMedia } from '../support/sdk-media-replay.ts';

let server: TestServer;
let experimentKey: string;
let tableId: string;
let audioId: string;

beforeAll(async () => {
  server = await startTestServer();
  experimentKey = await replaySdkMedia({ url: server.url }, 'media-tables', (asset) => asset.type === 'asset' || asset.type === 'audio');
  const { assets } = (await server.call('listAssets', { query: { experimentKey } })).body;
  tableId = assets.find((asset) => asset.fileName === 'table.csv')!.assetId;
  audioId = assets.find((asset) => asset.type === 'audio')!.assetId;
});
afterAll(async () => {
  await server.close();
});

/** Uploads `text` as an asset named `fileName` of the replayed run; answers its assetId. */
async function upload(fileName: string, text: string | Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([typeof text === 'string' ? text : new Uint8Array(text)]), fileName);
  const reply = await server.call('uploadAsset', { query: { experimentKey, fileName }, form });
  expect(reply.status).toBe(200);
  return reply.body.assetId;
}

/** A page read of a table asset. */
const page = (assetId: string, query: Record<string, unknown> = {}) => server.call('readTable', { query: { experimentKey, assetId, ...query } });

/** A CSV of `rows` rows (`id,name,score`), its last row replaced by `lastRow` when given. */
function bigCsv(rows: number, lastRow?: string): string {
  const lines = ['id,name,score'];
  for (let i = 0; i < rows; i++) lines.push(`${i},name-${i},${(i * 7919) % 1000}`);
  if (lastRow !== undefined) lines[rows] = lastRow;
  return `${lines.join('\n')}\n`;
}

describe("a table asset read in pages (log_table's CSV, as the real SDK sends it)", () => {
  it('answers a page of rows with the columns and the total', async () => {
    const reply = await page(tableId, { offset: 4, limit: 2 });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ format: 'csv', columns: ['epoch', 'loss', 'acc'], rows: [['4', '0.200', '0.40'], ['5', '0.167', '0.50']], offset: 4, total: 10 });
  });

  it('keeps the rows holding a text, in one column or in any', async () => {
    const inAcc = await page(tableId, { filter: '0.5', filterColumn: 'acc' });
    expect(inAcc.body.rows).toEqual([['5', '0.167', '0.50']]);
    expect(inAcc.body.total).toBe(1);
    const anywhere = await page(tableId, { filter: '0.5' });
    expect(anywhere.body.rows.map((row) => row[0])).toEqual(['1', '5']);
  });

  it('answers a filter typed on, and taken back, as if asked afresh', async () => {
    const totals: Record<string, number | null> = {};
    for (const filter of ['0.', '0.1', '0.10', '0.1', '0.100']) totals[filter] = (await page(tableId, { filter, sortColumn: 'epoch', sortOrder: 'desc' })).body.total;
    expect(totals).toEqual({ '0.': 10, '0.1': 6, '0.10': 2, '0.100': 1 });
    const typedOn = await page(tableId, { filter: '0.10', sortColumn: 'epoch', sortOrder: 'desc' });
    expect(typedOn.body.rows.map((row) => row[0])).toEqual(['9', '1']);
  });

  it('sorts by a column, numbers as numbers, either way', async () => {
    const byLoss = await page(tableId, { sortColumn: 'loss', limit: 3 });
    expect(byLoss.body.rows.map((row) => row[0])).toEqual(['9', '8', '7']);
    const numbers = await upload('numbers.tsv', 'n\tlabel\n10\tten\n9\tnine\n100\thundred\n');
    const descending = await page(numbers, { sortColumn: 'n', sortOrder: 'desc' });
    expect(descending.body.rows).toEqual([['100', 'hundred'], ['10', 'ten'], ['9', 'nine']]);
    expect(descending.body.format).toBe('tsv');
  });

  it('reads JSON records, a column for every key seen', async () => {
    const records = await upload('records.json', JSON.stringify([{ a: 1, b: 'x' }, { a: 2, c: { deep: true } }, { b: null }]));
    const reply = await page(records);
    expect(reply.body).toEqual({ format: 'json', columns: ['a', 'b', 'c'], rows: [['1', 'x', ''], ['2', '', '{"deep":true}'], ['', '', '']], offset: 0, total: 3 });
  });

  it('answers 422 with the reason for a file that is not a table, and 400 for an unknown column', async () => {
    const cases: [string, string, RegExp][] = [
      ['unclosed.csv', 'a,b\n1,"two\n3,4\n', /unterminated|quote/i],
      ['ragged.csv', 'a,b\n1,2\n3,4,5\n', /Row 3 has 3 fields where the header has 2/],
      ['broken.json', '[{"a": 1},', /not valid JSON/],
      ['scalars.json', '[1, 2, 3]', /not a list of records/],
    ];
    for (const [fileName, text, reason] of cases) {
      const reply = await page(await upload(fileName, text));
      expect(reply.status, fileName).toBe(422);
      expect(reply.body.msg).toMatch(reason);
      expect(reply.body.sdk_error_code).toBe(40000);
    }
    const wav = await page(audioId);
    expect(wav.status).toBe(422);
    expect(wav.body.msg).toMatch(/is not a table/);
    const unknown = await page(tableId, { sortColumn: 'nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toMatch(/no column "nope"; its columns are "epoch", "loss", "acc"/);
  });

  it('answers the first page of a 100,000-row CSV before reading the file to its end, then filters it from the parsed form', async () => {
    const big = await upload('big.csv', bigCsv(100_000));
    const first = await page(big, { limit: 50 });
    expect(first.body.rows).toHaveLength(50);
    expect(first.body.rows[49]).toEqual(['49', 'name-49', String((49 * 7919) % 1000)]);
    expect(first.body.total).toBeNull();
    const filtered = await page(big, { filter: 'name-9999', filterColumn: 'name' });
    expect(filtered.body.total).toBe(11);
    expect(filtered.body.rows.map((row) => row[0])).toEqual(['9999', ...Array.from({ length: 10 }, (_, i) => String(99_990 + i))]);
    const sorted = await page(big, { sortColumn: 'id', sortOrder: 'desc', limit: 1 });
    expect(sorted.body).toMatchObject({ rows: [['99999', 'name-99999', String((99_999 * 7919) % 1000)]], total: 100_000 });
  });

  it('shows the first page of a large CSV whose end is broken: the end was never read', async () => {
    const brokenAtEnd = await upload('broken-end.csv', bigCsv(100_000, '"never closed'));
    const first = await page(brokenAtEnd, { limit: 20 });
    expect(first.status).toBe(200);
    expect(first.body.rows).toHaveLength(20);
    const whole = await page(brokenAtEnd, { filter: 'x' });
    expect(whole.status).toBe(422);
  });
});

describe('the waveform of an audio asset', () => {
  it("decodes the real SDK's WAV: its sample rate, duration and a thousand peaks", async () => {
    const reply = await server.call('readWaveform', { query: { experimentKey, assetId: audioId } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ sampleRate: 8000, channels: 1, bitsPerSample: 16, frames: 8000, durationSeconds: 1 });
    expect(reply.body.peaks).toHaveLength(1000);
    expect(Math.max(...reply.body.peaks)).toBeGreaterThan(0.1);
  });

  it('decodes a stereo float WAV to its loudest samples', async () => {
    const frames = 100;
    const samples = new Float32Array(frames * 2).map((_, i) => (i === 151 ? -0.75 : 0.25));
    const wav = wavFile(3, 2, 44_100, 32, Buffer.from(samples.buffer));
    const assetId = await upload('float.wav', wav);
    const reply = await server.call('readWaveform', { query: { experimentKey, assetId } });
    expect(reply.body).toMatchObject({ sampleRate: 44_100, channels: 2, frames, peaks: Array.from({ length: frames }, (_, i) => (i === 75 ? 0.75 : 0.25)) });
  });

  it('answers 422 saying why for a file that is not a WAV it reads', async () => {
    const cases: [string, Buffer, RegExp][] = [
      ['noise.wav', Buffer.from('this is no sound at all, only words'), /not a WAV/],
      ['mp3-in.wav', wavFile(0x55, 1, 8000, 16, Buffer.alloc(10)), /format 85/],
      ['no-data.wav', wavFile(1, 1, 8000, 16, Buffer.alloc(0)).subarray(0, 36), /no samples/],
    ];
    for (const [fileName, bytes, reason] of cases) {
      const assetId = await upload(fileName, bytes);
      const reply = await server.call('readWaveform', { query: { experimentKey, assetId } });
      expect(reply.status, fileName).toBe(422);
      expect(reply.body.msg).toMatch(reason);
    }
  });
});

/** A WAV file: RIFF header, a `fmt ` chunk of this format and a `data` chunk of these bytes. */
function wavFile(format: number, channels: number, sampleRate: number, bits: number, data: Buffer): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(format, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE((sampleRate * channels * bits) / 8, 28);
  header.writeUInt16LE((channels * bits) / 8, 32);
  header.writeUInt16LE(bits, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
