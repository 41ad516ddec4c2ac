/** How often a long step prints a progress line. */
const EVERY_MS = 2000;

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** Prints `count/total` lines for a copy of many files, at most every two seconds and once at the end. */
export function fileProgress(label: string, total: { files: number; bytes?: number }, say: (line: string) => void) {
  let files = 0;
  let bytes = 0;
  const started = performance.now();
  let last = started;
  const line = () => `${label}: ${files}/${total.files} files, ${mib(bytes)}${total.bytes === undefined ? '' : `/${mib(total.bytes)}`} MiB`;
  return {
    /** Notes one more file of `size` bytes. */
    add(size: number) {
      files += 1;
      bytes += size;
      if (performance.now() - last < EVERY_MS) return;
      last = performance.now();
      say(line());
    },
    /** Prints the final count. */
    done: () => say(`${line()}, done in ${((performance.now() - started) / 1000).toFixed(1)} s`),
  };
}

/** Bytes as MiB with one decimal, for summaries. */
export const inMiB = mib;
