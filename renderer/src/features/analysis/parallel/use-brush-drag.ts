import { useEffect, useRef, type RefObject } from 'react';
import { passingMask, spanOf, type AxisBrushes } from './brush.ts';
import { dragPainter, type DragPainter } from './drag-layers.ts';
import { axisX, positionY, type ChartBox } from './geometry.ts';
import type { ParallelModel } from './parallel-model.ts';

/** What the drag draws into besides the canvas: the live brush rectangle, the count caption and the chart's data attributes. */
export interface DragTargets {
  host: RefObject<HTMLDivElement | null>;
  front: RefObject<HTMLCanvasElement | null>;
  rect: RefObject<HTMLDivElement | null>;
  caption: RefObject<HTMLSpanElement | null>;
}

/** What a drag paints over: the chart as last rendered (a drag re-renders nothing). */
export interface DragInputs {
  model: ParallelModel;
  box: ChartBox;
  brushes: AxisBrushes;
  shown: Uint8Array;
  shownCount: number;
  /** Called on a drag's first frame, before it paints (e.g. to turn the lines behind faint). */
  onFirstFrame(): void;
}

/** How often (ms) the count of runs inside the brushes is rewritten during a drag. */
const CAPTION_MS = 100;

interface Drag {
  axis: number;
  from: number;
  to: number;
  frame: number;
  /** When the count under the chart was last written. */
  captioned: number;
  painter: DragPainter | null;
  inputs: DragInputs | null;
}

/**
 * A brush dragged along an axis, painted once per animation frame without rendering React: the pointer's latest
 * position is kept, a frame draws the lines inside the span from cached layers (`dragPainter`) and moves the brush
 * rectangle, the count and `data-passing`; `end` answers the span for the caller to keep as the axis's brush.
 */
export function useBrushDrag(targets: DragTargets, inputs: DragInputs) {
  const drag = useRef<Drag | null>(null);
  const latest = useRef(inputs);
  useEffect(() => {
    latest.current = inputs;
  });

  const paint = () => {
    const current = drag.current;
    const ctx = targets.front.current?.getContext('2d');
    if (!current || !ctx) return;
    current.frame = 0;
    const now = latest.current;
    const started = performance.now();
    const was = current.inputs;
    if (!current.painter || !was || was.model !== now.model || was.box !== now.box || was.brushes !== now.brushes || was.shown !== now.shown) {
      // First frame, or the runs changed under the drag: sort the runs the other brushes let through on this axis.
      if (!current.painter) now.onFirstFrame();
      current.painter?.close();
      const others = { ...now.brushes };
      delete others[now.model.axes[current.axis]?.id ?? ''];
      const own = passingMask(now.model.positions, now.model.axes.map((axis) => axis.id), others);
      const base = own.map((pass, run) => pass & (now.shown[run] ?? 0));
      current.painter = dragPainter(now.model, now.box, base, current.axis, current.from, { width: ctx.canvas.width, height: ctx.canvas.height });
      current.inputs = now;
    }
    const passing = current.painter.paint(ctx, current.to);
    const [low, high] = spanOf(current.from, current.to);
    // The rectangle is the axis's full height, moved and scaled: a change the compositor makes without laying out or
    // painting the page. The count is text (laid out), so it changes at most every CAPTION_MS.
    const rect = targets.rect.current?.style;
    const plot = positionY(now.box, 0) - positionY(now.box, 1);
    rect?.setProperty('height', `${plot}px`);
    rect?.setProperty('transform', `translate(${axisX(now.box, current.axis, now.model.axes.length) - 8}px, ${positionY(now.box, high)}px) scaleY(${(high - low).toFixed(5)})`);
    rect?.setProperty('visibility', 'visible');
    if (started - current.captioned >= CAPTION_MS) {
      targets.caption.current?.replaceChildren(`${passing} of ${now.shownCount} runs inside this chart's brushes`);
      current.captioned = started;
    }
    const host = targets.host.current;
    host?.setAttribute('data-passing', String(passing));
    host?.setAttribute('data-draw-ms', (performance.now() - started).toFixed(2));
    host?.setAttribute('data-draws', String(Number(host.dataset.draws ?? 0) + 1));
  };

  const stop = () => {
    const current = drag.current;
    drag.current = null;
    if (!current) return;
    if (current.frame) cancelAnimationFrame(current.frame);
    current.painter?.close();
    targets.rect.current?.style.setProperty('visibility', 'hidden');
  };
  useEffect(
    () => () => {
      // Unmounted mid-drag: no frame after this, and the cached layers freed.
      const current = drag.current;
      if (current?.frame) cancelAnimationFrame(current.frame);
      current?.painter?.close();
    },
    [],
  );

  return {
    /** Starts a drag on axis index `axis` at position `from`. */
    start(axis: number, from: number) {
      stop();
      drag.current = { axis, from, to: from, frame: 0, captioned: -Infinity, painter: null, inputs: null };
    },
    /** Moves the drag's end to position `to`; the next animation frame paints it. */
    move(to: number) {
      const current = drag.current;
      if (!current) return;
      current.to = to;
      if (!current.frame) current.frame = requestAnimationFrame(paint);
    },
    /** Ends the drag: answers the span dragged (null if none), with `data-passing` already set to the runs inside it. */
    end(): [number, number] | null {
      const current = drag.current;
      if (!current) return null;
      // Show the last position even if the pointer left before its frame came.
      if (current.frame) paint();
      stop();
      return spanOf(current.from, current.to);
    },
  };
}

