import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { noteStreamedBytes } from '../../src/blobs/young-garbage.ts';

const CHUNK = 64 * 1024;

/** Minor collections recorded while `work` runs. */
async function minorCollectionsDuring(work: () => void): Promise<number> {
  const entries: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  work();
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  return entries.filter((entry) => (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR).length;
}

describe('young-generation collections during streamed transfers', () => {
  it('runs one scavenge per 4 MiB streamed', async () => {
    const collections = await minorCollectionsDuring(() => {
      for (let chunk = 0; chunk < 10 * 64; chunk += 1) noteStreamedBytes(CHUNK);
    });
    expect(collections).toBeGreaterThanOrEqual(10);
  });
});
