/** How many blobs a backup or restore copies at once: their reads, hashing and fsyncs overlap. */
export const COPY_LANES = 4;

/** Runs `work` on every item, `lanes` at a time; rejects with the first failure once the lanes have stopped. */
export async function inLanes<T>(items: readonly T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      const item = items[next] as T;
      next += 1;
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(lanes, items.length) }, lane));
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}
