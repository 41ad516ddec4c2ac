/** How a table asset is written: comma- or tab-separated text, or JSON records (`[{column: value, …}, …]`). */
export type TableFormat = 'csv' | 'tsv' | 'json';

/** The most rows one page of a table read answers. */
export const TABLE_PAGE_MAX = 1000;

/** The table format of an asset, from its file name's extension (`log_table` keeps the name given); undefined when it is no table. */
export function tableFormatOf(fileName: string): TableFormat | undefined {
  const extension = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return extension === 'csv' || extension === 'tsv' || extension === 'json' ? extension : undefined;
}

/** Whether an asset of the run's list is a table the Tables tab shows: a plain asset (as `log_table` sends it) named .csv, .tsv or .json. */
export function isTableAsset(asset: { type: string; fileName: string }): boolean {
  return asset.type === 'asset' && tableFormatOf(asset.fileName) !== undefined;
}
