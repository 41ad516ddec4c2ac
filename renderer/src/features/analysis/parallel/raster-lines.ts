import { GROUP_RGB, OUTSIDE_ALPHA, OUTSIDE_RGB, lineGroups, type Rgb } from './draw-lines.ts';
import { axisX, positionY, type ChartBox } from './geometry.ts';
import type { ParallelModel } from './parallel-model.ts';

/** A pixel's colour for each value of the per-pixel byte: the colour group + 1 (0: nothing), or how many faint lines cross it. */
function pixelColours(style: 'colour' | 'faint'): Uint32Array {
  const table = new Uint32Array(256);
  const bytes = new Uint8Array(table.buffer);
  const set = (value: number, [red, green, blue]: Rgb, alpha: number) => bytes.set([red, green, blue, alpha], value * 4);
  for (let value = 1; value < 256; value += 1) {
    if (style === 'faint') set(value, OUTSIDE_RGB, Math.round(255 * (1 - (1 - OUTSIDE_ALPHA) ** value)));
    else if (value <= GROUP_RGB.length) set(value, GROUP_RGB[value - 1] ?? OUTSIDE_RGB, 255);
  }
  return table;
}

/** Sets pixel `at` of `marks` to `value`, or adds 1 to it (up to 255) when `value` is 0. */
function mark(marks: Uint8Array, at: number, value: number): void {
  if (value !== 0) marks[at] = value;
  else {
    const count = marks[at] ?? 0;
    if (count < 255) marks[at] = count + 1;
  }
}

/**
 * Marks the pixels of the line from (x0, y0) to (x1, y1) in `marks` (`width` × `height`, one byte a pixel), one per column
 * along a shallow line or per row along a steep one, both ends included (the first left out when `skipFirst`): sets
 * them to `value`, or adds 1 (up to 255) when `value` is 0. Pixels outside the buffer are left out.
 */
function segment(marks: Uint8Array, width: number, height: number, x0: number, y0: number, x1: number, y1: number, value: number, skipFirst: boolean): void {
  const dx = Math.abs(x1 - x0);
  const dy = Math.abs(y1 - y0);
  const steep = dy > dx;
  const major = steep ? dy : dx;
  const minor = steep ? dx : dy;
  // Each step moves one pixel along the major axis, and one across it when the error runs out.
  const aheadX = steep ? 0 : x0 < x1 ? 1 : -1;
  const aheadY = steep ? (y0 < y1 ? 1 : -1) : 0;
  const asideX = steep ? (x0 < x1 ? 1 : -1) : 0;
  const asideY = steep ? 0 : y0 < y1 ? 1 : -1;
  const ahead = aheadY * width + aheadX;
  const aside = asideY * width + asideX;
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height;
  let at = y0 * width + x0;
  let error = major >> 1;
  const first = skipFirst ? 1 : 0;
  if (!inside(x0, y0) || !inside(x1, y1)) {
    // Rare (the chart's lines stay inside its canvas): check each pixel.
    for (let step = 0, x = x0, y = y0; step <= major; step += 1) {
      if (step >= first && inside(x, y)) mark(marks, at, value);
      error -= minor;
      at += ahead;
      x += aheadX;
      y += aheadY;
      if (error < 0) {
        error += major;
        at += aside;
        x += asideX;
        y += asideY;
      }
    }
    return;
  }
  // A line whose ends are inside the buffer stays inside it.
  if (value !== 0) {
    for (let step = 0; step <= major; step += 1) {
      if (step >= first) marks[at] = value;
      error -= minor;
      at += ahead;
      if (error < 0) {
        error += major;
        at += aside;
      }
    }
  } else {
    for (let step = 0; step <= major; step += 1) {
      const count = marks[at] ?? 0;
      if (step >= first && count < 255) marks[at] = count + 1;
      error -= minor;
      at += ahead;
      if (error < 0) {
        error += major;
        at += aside;
      }
    }
  }
}

/**
 * The RGBA pixels (ImageData order, `width` × `height` device pixels) of the picture `drawLines` draws of the runs `runs`
 * lets through, in the same geometry and colour order, with lines one device pixel wide and not anti-aliased: each
 * colour group covers the ones before it; faint lines add up, n of them over a pixel giving opacity 1 − (1 − 0.18)^n.
 */
export function rasterLines(model: ParallelModel, box: ChartBox, runs: Uint8Array, style: 'colour' | 'faint', width: number, height: number): Uint8ClampedArray<ArrayBuffer> {
  const pixels = new Uint8ClampedArray(width * height * 4);
  const axes = model.axes.length;
  if (axes === 0) return pixels;
  const ratio = width / Math.max(1, box.width);
  const xs = model.axes.map((_, axis) => Math.floor(axisX(box, axis, axes) * ratio));
  const marks = new Uint8Array(width * height);
  lineGroups(model, runs, style).forEach((group, index) => {
    const value = style === 'faint' ? 0 : index + 1;
    for (const run of group) {
      let drawn = false;
      let lastX = 0;
      let lastY = Number.NaN;
      for (let axis = 0; axis < axes; axis += 1) {
        const y = Math.floor(positionY(box, model.positions[run * axes + axis] ?? Number.NaN) * ratio);
        const x = xs[axis] ?? 0;
        if (Number.isFinite(y) && Number.isFinite(lastY)) {
          segment(marks, width, height, lastX, lastY, x, y, value, drawn);
          drawn = true;
        } else drawn = false;
        lastX = x;
        lastY = y;
      }
    }
  });
  const colours = pixelColours(style);
  const out = new Uint32Array(pixels.buffer);
  for (let at = 0; at < marks.length; at += 1) out[at] = colours[marks[at] ?? 0] ?? 0;
  return pixels;
}
