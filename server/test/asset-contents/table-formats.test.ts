import { describe, expect, it } from 'vitest';
import { isTableAsset, tableFormatOf } from '../../../shared/media/tables.ts';

describe('which assets are tables', () => {
  it('reads the format from the extension, whatever its case', () => {
    expect(['a.csv', 'b.TSV', 'dir/c.Json', 'table.csv.gz', 'csv', '.csv/x'].map(tableFormatOf)).toEqual(['csv', 'tsv', 'json', undefined, undefined, undefined]);
  });

  it("takes log_table's plain assets, not other kinds that end in .json", () => {
    expect(isTableAsset({ type: 'asset', fileName: 'table.csv' })).toBe(true);
    expect(isTableAsset({ type: 'confusion-matrix', fileName: 'confusion-matrix-val.json' })).toBe(false);
    expect(isTableAsset({ type: 'asset', fileName: 'model.pt' })).toBe(false);
  });
});
