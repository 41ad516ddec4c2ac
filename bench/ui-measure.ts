/**
 * Functions the UI bench runs inside the page (Playwright serialises them, so each is self-contained).
 * Times are `performance.now()` milliseconds of the page, taken in an animation frame: when the change is painted.
 */

type Probe = Window & { __keyAt?: number };

/** Init script: remembers when the last key went down (the event's own time stamp). */
export function installKeyProbe(): void {
  document.addEventListener('keydown', (event) => ((window as Probe).__keyAt = event.timeStamp), true);
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

/** After a key press: waits until the element at `selector` reflects the input's value, then a frame; answers ms since keydown. */
export function keystrokeLatency({ selector, inputSelector }: { selector: string; inputSelector: string }): Promise<number> {
  const probe = window as Probe;
  const table = document.querySelector(selector);
  const input = document.querySelector<HTMLInputElement>(inputSelector);
  return new Promise((resolve, reject) => {
    if (!table || !input || probe.__keyAt === undefined) return reject(new Error('nothing to measure'));
    const keyAt = probe.__keyAt;
    const check = () => {
      if (table.getAttribute('data-filter') === input.value) requestAnimationFrame((frame) => resolve(Math.max(frame, performance.now()) - keyAt));
      else requestAnimationFrame(check);
    };
    check();
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
document.addEventListener('keydown', (event) => { window.__keyAt = event.timeStamp; }, true);
input.addEventListener('input', () => {
  const text = input.value.toLowerCase();
  rows.forEach((row, i) => { row.style.display = names[i].includes(text) ? '' : 'none'; });
  scroll.setAttribute('data-filter', input.value);
});
</script></body></html>`;
}
