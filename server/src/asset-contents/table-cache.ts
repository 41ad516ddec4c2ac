/** A table parsed whole and kept in memory: its rows, and the row orders sorts have asked for. */
export interface ParsedTable {
  columns: string[];
  rows: string[][];
  /** Row indexes in the order of `<column index>:<asc|desc>`, made on first use. */
  orders: Map<string, Uint32Array>;
  /** Lower-case text of each row, per filtered column (`*`: the row's cells joined), made on a filter's first use. */
  lowered: Map<string, string[]>;
  /** The rows the last filter kept (indexes, in its order): reused by its next pages, and narrowed as its text grows. */
  matches?: { filter: string; rows: Uint32Array };
  /** What it is counted as against the cache's budget (about the memory it takes). */
  cost: number;
}

/** How much memory a parsed table is counted as: its cells (JavaScript keeps each short one as an object of its own) and their lower-case copies. */
export const parsedCost = (fileSize: number, cells: number): number => fileSize * 3 + cells * 16;

/**
 * The parsed tables of the service, least recently used dropped first once their total cost passes `budgetBytes`.
 * Keyed by blob name: an asset's bytes never change under a blob name, so an entry is never stale.
 */
export class TableCache {
  private readonly entries = new Map<string, ParsedTable>();
  private used = 0;

  private readonly budgetBytes: number;

  constructor(budgetBytes: number) {
    this.budgetBytes = budgetBytes;
  }

  /** The parsed table of a blob, marked as just used; undefined when not cached. */
  get(blob: string): ParsedTable | undefined {
    const entry = this.entries.get(blob);
    if (entry) {
      this.entries.delete(blob);
      this.entries.set(blob, entry);
    }
    return entry;
  }

  /** Keeps a parsed table, dropping the least recently used ones beyond the budget (one over the budget is not kept). */
  set(blob: string, table: ParsedTable): void {
    if (table.cost > this.budgetBytes) return;
    const previous = this.entries.get(blob);
    if (previous) this.used -= previous.cost;
    this.entries.delete(blob);
    this.entries.set(blob, table);
    this.used += table.cost;
    for (const [name, entry] of this.entries) {
      if (this.used <= this.budgetBytes) break;
      this.entries.delete(name);
      this.used -= entry.cost;
    }
  }
}
