import { Box, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { useNavigate } from 'react-router';
import { brushedKeys, useAnalysisSelection } from '../analysis-selection.ts';
import { anyBrush, keysOf, passingMask, type AxisBrushes } from './brush.ts';
import { drawLines, linePoints } from './draw-lines.ts';
import { axisAt, axisX, positionY, runAt, yPosition, type ChartBox } from './geometry.ts';
import type { ParallelModel } from './parallel-model.ts';
import { useBrushDrag } from './use-brush-drag.ts';
import { backLayers, type BackStyle } from './back-layers.ts';
import { sameModel } from './same-model.ts';
import { ParallelTable } from './parallel-table.tsx';

const HEIGHT = 300;
const MARGINS = { left: 48, right: 48, top: 40, bottom: 16 };
/** How far from an axis (px) a press starts a brush, and how far from a line the pointer names its run. */
const AXIS_REACH = 12;
const LINE_REACH = 6;
/** How long after a drag ends its lines are redrawn in colour order (the table should have followed by then). */
const SETTLE_MS = 300;

/** A press on an axis: where it started, and whether it has moved far enough to be a drag. */
interface Press {
  axis: string;
  from: number;
  moved: boolean;
  /** The chart's place on the page when pressed (read once: reading it per move would lay the page out each time). */
  origin: { left: number; top: number };
}

/** Sizes `canvas` to `width` × HEIGHT device pixels and draws on it (nothing before it has a width). */
function paint(canvas: HTMLCanvasElement | null, width: number, draw: (ctx: CanvasRenderingContext2D) => void): void {
  const ctx = canvas?.getContext('2d');
  if (!canvas || !ctx || width === 0) return;
  const ratio = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(width * ratio)) canvas.width = Math.round(width * ratio);
  if (canvas.height !== Math.round(HEIGHT * ratio)) canvas.height = Math.round(HEIGHT * ratio);
  draw(ctx);
}

/** Whether two key lists hold the same keys in the same order. */
const sameKeys = (a: readonly string[] | undefined, b: readonly string[]) => a !== undefined && a.length === b.length && a.every((key, index) => key === b[index]);

/** This panel's brushes per axis and the runs they let through; the store's brush (which filters the other panels) is set when a drag ends. */
function useAxisBrushes(panelId: string, model: ParallelModel) {
  const [brushes, setBrushes] = useState<AxisBrushes>({});
  /** The axis being dragged (its brush is drawn by the drag, not by React), or null. */
  const [dragAxis, setDragAxis] = useState<string | null>(null);
  const dragging = dragAxis !== null;
  const stored = useAnalysisSelection((state) => state.brushes[panelId]);
  const setBrush = useAnalysisSelection((state) => state.setBrush);
  const axisIds = useMemo(() => model.axes.map((axis) => axis.id), [model]);
  const own = useMemo(() => passingMask(model.positions, axisIds, brushes), [model, axisIds, brushes]);
  const brushing = anyBrush(brushes, axisIds);
  const hadStored = useRef(false);
  useEffect(() => {
    // "Clear brushes" elsewhere (the table) drops this panel's brush from the store: drop the drawn one too.
    if (hadStored.current && stored === undefined && !dragging) setBrushes({});
    hadStored.current = stored !== undefined;
  }, [stored, dragging]);
  useEffect(() => {
    if (dragging) return;
    if (!brushing) {
      if (useAnalysisSelection.getState().brushes[panelId] !== undefined) setBrush(panelId, null);
      return;
    }
    const keys = keysOf(model.keys, own);
    if (!sameKeys(useAnalysisSelection.getState().brushes[panelId], keys)) setBrush(panelId, keys);
  }, [model, own, brushing, dragging, panelId, setBrush]);
  useEffect(() => () => setBrush(panelId, null), [panelId, setBrush]);
  return { brushes, setBrushes, own, brushing, dragAxis, setDragAxis };
}

/** Parallel coordinates of `model`'s runs: lines on a canvas, axes and brushes in SVG above it; brushing filters the other panels. */
export function ParallelChart({ model: given, panelId, showTable }: { model: ParallelModel; panelId: string; showTable: boolean }) {
  // The runs are re-read every few seconds: an equal model keeps the one drawn, so nothing is redrawn.
  const [model, setModel] = useState(given);
  if (model !== given && !sameModel(model, given)) setModel(given);
  const host = useRef<HTMLDivElement>(null);
  const back = useRef<HTMLCanvasElement>(null);
  const front = useRef<HTMLCanvasElement>(null);
  const liveRect = useRef<HTMLDivElement>(null);
  const liveCaption = useRef<HTMLSpanElement>(null);
  const press = useRef<Press | null>(null);
  /** What the back canvas holds, so that it is redrawn only when the runs, their filter, the size or the style change. */
  const backDrawn = useRef<readonly unknown[]>([]);
  const [layers] = useState(backLayers);
  /** Set when a drag ends, so that the front's exact redraw waits for an idle moment. */
  const dragEnded = useRef(false);
  const [width, setWidth] = useState(0);
  const [hover, setHover] = useState(-1);
  const navigate = useNavigate();
  const { brushes, setBrushes, own, brushing, dragAxis, setDragAxis } = useAxisBrushes(panelId, model);
  const allBrushes = useAnalysisSelection((state) => state.brushes);
  const others = useMemo(() => brushedKeys(allBrushes, panelId), [allBrushes, panelId]);
  const selected = useAnalysisSelection((state) => state.selected);
  const select = useAnalysisSelection((state) => state.select);
  const box: ChartBox = useMemo(() => ({ width, height: HEIGHT, ...MARGINS }), [width]);
  const shown = useMemo(() => Uint8Array.from(model.keys, (key) => (others === null || others.has(key) ? 1 : 0)), [model, others]);
  const passing = useMemo(() => own.map((pass, run) => pass & (shown[run] ?? 0)), [own, shown]);
  const counts = useMemo(() => ({ shown: shown.reduce((sum, one) => sum + one, 0), passing: passing.reduce((sum, one) => sum + one, 0) }), [shown, passing]);

  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    setWidth(element.clientWidth);
    return () => observer.disconnect();
  }, []);
  // Behind: every run drawn (grey while brushing, else coloured), redrawn only when the runs change; in front: the runs
  // inside the brushes, redrawn when a drag ends (during one, `useBrushDrag` paints the front a frame at a time).
  const drawBack = (style: BackStyle) => {
    const drawn = [model, box, shown, style];
    if (drawn.every((one, index) => one === backDrawn.current[index])) return;
    const started = performance.now();
    paint(back.current, width, (ctx) => layers.draw(ctx, model, box, shown, style));
    if (width > 0) backDrawn.current = drawn;
    // The time of the last picture behind the lines (every run), for the bench.
    if (host.current && width > 0) host.current.dataset.backMs = (performance.now() - started).toFixed(2);
  };
  useEffect(() => drawBack(brushing ? 'faint' : 'colour'));
  useEffect(() => () => layers.close(), [layers]);
  useEffect(() => {
    const draw = () => {
      const started = performance.now();
      paint(front.current, width, (ctx) => (brushing ? drawLines(ctx, model, box, passing, 'colour') : ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height)));
      const root = host.current;
      if (root && width > 0) {
        root.dataset.drawMs = (performance.now() - started).toFixed(2);
        root.dataset.draws = String(Number(root.dataset.draws ?? 0) + 1);
      }
    };
    if (!dragEnded.current) return draw();
    // A drag's last frame already shows the right runs (layered by block): redraw them in colour order once the panels
    // and the table have followed the brush (SETTLE_MS), at an idle moment.
    dragEnded.current = false;
    let idle = 0;
    const settle = setTimeout(() => (idle = requestIdleCallback(draw, { timeout: 1000 })), SETTLE_MS);
    return () => {
      clearTimeout(settle);
      cancelIdleCallback(idle);
    };
  }, [model, box, passing, brushing, width]);

  const brushDrag = useBrushDrag(
    { host, front, rect: liveRect, caption: liveCaption },
    { model, box, brushes, shown, shownCount: counts.shown, onFirstFrame: () => drawBack('faint') },
  );
  const local = (event: PointerEvent<SVGSVGElement>) => {
    const rect = press.current?.origin ?? event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    const { x, y } = local(event);
    const axis = model.axes[axisAt(box, model.axes.length, x, AXIS_REACH)];
    if (!axis) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const { left, top } = event.currentTarget.getBoundingClientRect();
    press.current = { axis: axis.id, from: yPosition(box, y), moved: false, origin: { left, top } };
    brushDrag.start(model.axes.indexOf(axis), press.current.from);
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const { x, y } = local(event);
    const current = press.current;
    if (current) {
      const to = yPosition(box, y);
      if (!current.moved && Math.abs(to - current.from) * (HEIGHT - MARGINS.top - MARGINS.bottom) < 3) return;
      if (!current.moved) setDragAxis(current.axis);
      current.moved = true;
      brushDrag.move(to);
    } else setHover(runAt(model, box, shown, x, y, LINE_REACH));
  };
  const onPointerUp = (event: PointerEvent<SVGSVGElement>) => {
    const current = press.current;
    press.current = null;
    const dragged = brushDrag.end();
    if (current?.moved && dragged) {
      dragEnded.current = true;
      setDragAxis(null);
      setBrushes((before) => ({ ...before, [current.axis]: dragged }));
      return;
    }
    if (current) {
      // A click on an axis outside its brush clears that brush.
      const span = brushes[current.axis];
      if (span && (current.from < span[0] || current.from > span[1])) setBrushes(({ [current.axis]: _, ...rest }) => rest);
      return;
    }
    const key = model.keys[hover];
    if (key === undefined) return;
    const pick = event.shiftKey || event.metaKey || event.ctrlKey;
    select(pick ? (selected.includes(key) ? selected.filter((one) => one !== key) : [...selected, key]) : [key]);
  };
  const hoveredKey = model.keys[hover];
  const selectedRuns = useMemo(() => {
    const at = new Map(model.keys.map((key, run) => [key, run]));
    return selected.map((key) => at.get(key) ?? -1).filter((run) => run >= 0 && shown[run] === 1);
  }, [model, selected, shown]);
  const axes = model.axes.length;

  return (
    <Box>
      <Box
        ref={host}
        data-testid="parallel-coordinates"
        data-runs={counts.shown}
        data-passing={counts.passing}
        sx={{ position: 'relative', height: HEIGHT, width: '100%' }}
      >
        {/* Each canvas a layer of its own: a redrawn canvas is handed to the compositor as is, nothing around it repainted. */}
        <canvas ref={back} aria-hidden style={{ position: 'absolute', inset: 0, width: '100%', height: HEIGHT }} />
        <canvas ref={front} aria-hidden style={{ position: 'absolute', inset: 0, width: '100%', height: HEIGHT }} />
        <svg
          width={width}
          height={HEIGHT}
          role="group"
          aria-label="Parallel coordinates: drag along an axis to brush a range, click a line to select its run"
          style={{ position: 'absolute', inset: 0, cursor: hover >= 0 ? 'pointer' : 'crosshair', touchAction: 'none' }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerLeave={() => setHover(-1)}
          onDoubleClick={() => hoveredKey !== undefined && void navigate(`/experiments/${hoveredKey}`)}
        >
          {selectedRuns.map((run) => (
            <polyline key={run} points={linePoints(model, box, run)} fill="none" stroke="#d32f2f" strokeWidth={2.5} data-selected-run={model.keys[run]} />
          ))}
          {hover >= 0 && <polyline points={linePoints(model, box, hover)} fill="none" stroke="#000" strokeWidth={2} pointerEvents="none" />}
          {model.axes.map((axis, index) => {
            const x = axisX(box, index, axes);
            const span = brushes[axis.id];
            return (
              <g key={axis.id} data-axis={axis.id} data-scale={axis.scale.kind} data-domain-min={axis.scale.domain?.[0]} data-domain-max={axis.scale.domain?.[1]}>
                <text x={x} y={14} textAnchor="middle" fontSize={12} fontWeight={600} fill="currentColor">
                  {axis.label}
                  {axis.scale.kind === 'log' ? ' (log)' : ''}
                </text>
                {axis.scale.leftOut > 0 && (
                  <text x={x} y={28} textAnchor="middle" fontSize={10} fill="#888">
                    {axis.scale.leftOut} not placed
                  </text>
                )}
                <line data-axis-line x1={x} x2={x} y1={positionY(box, 1)} y2={positionY(box, 0)} stroke="currentColor" />
                {axis.scale.ticks.map((tick) => (
                  <text key={tick.label} x={x - 4} y={positionY(box, tick.at) + 3} textAnchor="end" fontSize={10} fill="currentColor" pointerEvents="none">
                    {tick.label}
                  </text>
                ))}
                {span && dragAxis !== axis.id && (
                  <rect
                    aria-label={`Brush on ${axis.label}`}
                    x={x - 8}
                    width={16}
                    y={positionY(box, span[1])}
                    height={positionY(box, span[0]) - positionY(box, span[1])}
                    fill="rgba(25, 118, 210, 0.25)"
                    stroke="#1976d2"
                  />
                )}
              </g>
            );
          })}
        </svg>
        {/* The brush being dragged: a layer of its own above the chart, so that moving it repaints nothing else. */}
        <div
          ref={liveRect}
          style={{ position: 'absolute', left: 0, top: 0, width: 16, visibility: 'hidden', transformOrigin: '0 0', boxSizing: 'border-box', background: 'rgba(25, 118, 210, 0.25)', border: '1px solid #1976d2', pointerEvents: 'none', willChange: 'transform' }}
        />
        {hoveredKey !== undefined && (
          <Typography role="status" variant="caption" sx={{ position: 'absolute', right: 4, bottom: -2, bgcolor: 'background.paper', px: 0.5 }}>
            {model.names[hover] ?? hoveredKey}
          </Typography>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {dragAxis !== null ? <span ref={liveCaption} /> : brushing ? `${counts.passing} of ${counts.shown} runs inside this chart's brushes (click an axis outside its brush to clear it)` : `${counts.shown} runs; drag along an axis to brush a range`}
      </Typography>
      {showTable && <ParallelTable model={model} shown={shown} passing={passing} />}
    </Box>
  );
}
