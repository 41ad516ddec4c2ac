import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { experimentKey, nonEmpty, queryInt } from './fields.ts';
import { TABLE_PAGE_MAX } from '../media/tables.ts';

const assetQuery = { experimentKey, assetId: nonEmpty(200) };

/** One page of a table asset: its columns, the rows asked for, and how many rows match when that is known. */
export const tablePage = z.object({
  format: z.enum(['csv', 'tsv', 'json']),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())).describe('Each row as one text per column (an empty text where a record lacks the column).'),
  offset: z.number().int(),
  total: z.number().int().nullable().describe('How many rows match the filter (all rows without one); null while the file has not been read to its end.'),
});

/** The waveform of a WAV asset: its format, duration, and the loudest sample of each of `peaks` equal slices (0…1). */
export const waveform = z.object({
  sampleRate: z.number().int(),
  channels: z.number().int(),
  bitsPerSample: z.number().int(),
  frames: z.number().int(),
  durationSeconds: z.number(),
  peaks: z.array(z.number()),
});

/** Reads of what is inside an asset: pages of a table (CSV, TSV, JSON records) and the waveform of a WAV. */
export const assetContentEndpoints = {
  readTable: defineEndpoint({
    id: 'ext.assetTable',
    summary:
      'One page of a table asset (.csv, .tsv, .json records), optionally filtered (a text in one column or any) and sorted by a column; ' +
      'the first page of an unfiltered, unsorted table is read without reading the whole file. 422 when the file is not a readable table.',
    group: 'assets',
    method: 'GET',
    needs: 'read',
    path: 'experiment/asset/table',
    query: z.object({
      ...assetQuery,
      offset: queryInt.pipe(z.number().int().min(0)).optional(),
      limit: queryInt.pipe(z.number().int().min(1).max(TABLE_PAGE_MAX)).optional().describe(`Rows per page (default 100, at most ${TABLE_PAGE_MAX}).`),
      filter: z.string().max(1000).optional().describe('Keep rows holding this text (case-insensitive).'),
      filterColumn: z.string().max(1000).optional().describe('Look for the filter text in this column only (every column otherwise).'),
      sortColumn: z.string().max(1000).optional(),
      sortOrder: z.enum(['asc', 'desc']).optional().describe('asc (default) or desc; numbers compare as numbers.'),
    }),
    reply: tablePage,
  }),
  readWaveform: defineEndpoint({
    id: 'ext.assetWaveform',
    summary: "The waveform of a WAV asset (PCM or float), computed once and cached: its sample rate, duration and peaks. 422 when the file is not a WAV it can read.",
    group: 'assets',
    method: 'GET',
    needs: 'read',
    path: 'experiment/asset/waveform',
    query: z.object(assetQuery),
    reply: waveform,
  }),
};
