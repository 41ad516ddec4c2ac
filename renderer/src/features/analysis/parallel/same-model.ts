import type { ParallelModel } from './parallel-model.ts';

/** Whether two typed or plain arrays hold the same values (NaN equal to NaN). */
function sameValues(a: ArrayLike<unknown>, b: ArrayLike<unknown>): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (!Object.is(a[index], b[index])) return false;
  return true;
}

/**
 * Whether two models draw the same picture: the same runs, names, positions and colours, and axes with the same ids,
 * labels, scales and ticks. A re-read of unchanged runs builds an equal model; keeping the old one spares the canvases
 * and a brush being dragged from redrawing.
 */
export function sameModel(a: ParallelModel, b: ParallelModel): boolean {
  if (a === b) return true;
  const axis = (model: ParallelModel) => JSON.stringify(model.axes.map(({ id, label, scale }) => [id, label, scale.kind, scale.domain, scale.ticks, scale.leftOut]));
  return sameValues(a.positions, b.positions) && sameValues(a.colour, b.colour) && sameValues(a.keys, b.keys) && sameValues(a.names, b.names) && axis(a) === axis(b);
}
