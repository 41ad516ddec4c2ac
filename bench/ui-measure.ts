import type { Page } from 'playwright-core';

/**
 * Functions the UI bench runs inside the page (Playwright serialises them, so each is self-contained), and
 * `timeKeystrokes`, which drives them from the bench.
 * Times are `performance.now()` milliseconds of the page, taken in an animation frame: when the change is painted.
 */

/** What the keystroke probe keeps in the page: keystrokes waiting for the table, and the latencies measured. */
interface FilterProbe {
  pending: { value: string; keyAt: number }[];
  done: number[];
  /** Resolves once more than `count` keystrokes are measured. */
  settled(count: number): Promise<void>;
}

type ProbeWindow = Window & { __filterProbe?: FilterProbe };

/**
 * Init script (or evaluated once in a page): times every keystroke in a text field inside the page, with no round
 * trip to the bench process in the figure. From the keydown's own time stamp until the end of the first frame that
 * paints the `[data-filter]` element showing the field's new value (a later value counts too: the keystroke's
 * result was overtaken). The same probe serves the app and the plain baseline page.
 */
export function installFilterProbe(): void {
  const win = window as ProbeWindow;
  if (win.__filterProbe) return;
  const waiters: { count: number; resolve(): void }[] = [];
  const probe: FilterProbe = {
    pending: [],
    done: [],
    settled: (count) => new Promise((resolve) => (probe.done.length > count ? resolve() : waiters.push({ count, resolve }))),
  };
  win.__filterProbe = probe;
  let keyAt = 0;
  let polling = false;
  const record = (keyAts: number[]) => {
    // A task posted from the frame's animation callbacks runs once that frame is painted.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const now = performance.now();
      for (const at of keyAts) probe.done.push(now - at);
      for (const waiter of waiters.splice(0)) {
        if (probe.done.length > waiter.count) waiter.resolve();
        else waiters.push(waiter);
      }
    };
    channel.port2.postMessage(null);
  };
  const check = () => {
    const shown = document.querySelector('[data-filter]')?.getAttribute('data-filter');
    const index = probe.pending.findLastIndex((entry) => entry.value === shown);
    if (index >= 0) record(probe.pending.splice(0, index + 1).map((entry) => entry.keyAt));
    polling = probe.pending.length > 0;
    if (polling) requestAnimationFrame(check);
  };
  document.addEventListener('keydown', (event) => (keyAt = event.timeStamp), true);
  document.addEventListener(
    'input',
    (event) => {
      if (!(event.target instanceof HTMLInputElement)) return;
      probe.pending.push({ value: event.target.value, keyAt });
      if (!polling) {
        polling = true;
        requestAnimationFrame(check);
      }
    },
    true,
  );
}

/** How many keystrokes the page's probe measured so far. */
export function measuredKeystrokes(): number {
  return (window as ProbeWindow).__filterProbe?.done.length ?? 0;
}

/** Waits until the page's probe measured more than `count` keystrokes. */
export function keystrokeSettled(count: number): Promise<void> {
  const probe = (window as ProbeWindow).__filterProbe;
  return probe ? probe.settled(count) : Promise.reject(new Error('no keystroke probe in the page'));
}

/** Takes the latencies the page's probe measured (and forgets them). */
export function takeKeystrokeLatencies(): number[] {
  return (window as ProbeWindow).__filterProbe?.done.splice(0) ?? [];
}

/**
 * Navigates the running app to `hash` (as a click on a project does) and answers the milliseconds until the
 * first table row is painted, or, for an empty project, until the table says it is ready.
 */
export function timeNavigation({ hash, waitForRows }: { hash: string; waitForRows: boolean }): Promise<number> {
  const selector = waitForRows ? '[data-row-key]' : '[data-table-state="ready"]';
  return new Promise((resolve) => {
    const start = performance.now();
    const observer = new MutationObserver(() => {
      if (!document.querySelector(selector)) return;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - start));
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-table-state'] });
    location.hash = hash;
  });
}

/** Scrolls the element down by `step` px every frame for `durationMs`; answers frames per second and the p95 frame interval. */
export function scrollFrameRate({ selector, durationMs, step }: { selector: string; durationMs: number; step: number }): Promise<{ fps: number; p95FrameMs: number; scrolledPx: number }> {
  const element = document.querySelector<HTMLElement>(selector);
  return new Promise((resolve, reject) => {
    if (!element) return reject(new Error(`no ${selector}`));
    element.scrollTop = 0;
    const frames: number[] = [];
    const tick = (time: number) => {
      frames.push(time);
      if (time - (frames[0] ?? time) < durationMs) {
        element.scrollTop += step;
        if (element.scrollTop + element.clientHeight >= element.scrollHeight - 1) element.scrollTop = 0;
        requestAnimationFrame(tick);
        return;
      }
      const intervals = frames.slice(1).map((at, index) => at - (frames[index] ?? at)).sort((a, b) => a - b);
      const elapsed = (frames[frames.length - 1] ?? 0) - (frames[0] ?? 0);
      resolve({
        fps: ((frames.length - 1) * 1000) / elapsed,
        p95FrameMs: intervals[Math.floor(intervals.length * 0.95)] ?? 0,
        scrolledPx: (frames.length - 1) * step,
      });
    };
    requestAnimationFrame(tick);
  });
}

/** A plain HTML page with a 1,000-row table and a filter box doing the same job with no framework: the baseline. */
export function plainTablePage(rows: number): string {
  const body = Array.from({ length: rows }, (_, n) => `<tr><td>exp-${n}</td><td>${n.toString(16).padStart(32, '0')}</td><td>Finished</td><td>2025-01-01 00:00:00</td><td>1 min</td></tr>`).join('');
  return `<!doctype html><html><body style="margin:0;font:14px sans-serif">
<input id="filter" aria-label="Filter" style="margin:8px">
<div id="scroll" data-filter="" style="height:640px;overflow:auto"><table style="border-collapse:collapse;width:100%"><tbody id="rows">${body}</tbody></table></div>
<style>td{padding:10px 8px;border-bottom:1px solid #ddd;white-space:nowrap}</style>
<script>
const input = document.getElementById('filter');
const scroll = document.getElementById('scroll');
const rows = [...document.getElementById('rows').rows];
const names = rows.map((row) => row.cells[0].textContent);
input.addEventListener('input', () => {
  const text = input.value.toLowerCase();
  rows.forEach((row, i) => { row.style.display = names[i].includes(text) ? '' : 'none'; });
  scroll.setAttribute('data-filter', input.value);
});
</script></body></html>`;
}

/**
 * Types each of `words` a key at a time, then erases it; the page's probe times every keystroke (keydown → the table
 * painted with the new filter), and the next key goes down once the last one is measured. Answers the latencies.
 */
export async function timeKeystrokes(page: Page, input: string, words: readonly string[]): Promise<number[]> {
  await page.evaluate(installFilterProbe);
  await page.locator(input).click();
  await page.evaluate(takeKeystrokeLatencies);
  for (const word of words) {
    for (const key of [...word.split(''), ...word.split('').map(() => 'Backspace')]) {
      const measured = await page.evaluate(measuredKeystrokes);
      await page.keyboard.press(key);
      await page.evaluate(keystrokeSettled, measured);
    }
  }
  return page.evaluate(takeKeystrokeLatencies);
}
