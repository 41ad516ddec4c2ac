import { describe, expect, it } from 'vitest';
import type { AssetRecord } from '../../assets/asset-record.ts';
import { initialStepIndex, mediaSeries } from './media-series.ts';

/** An asset record with the fields grouping reads. */
const asset = (assetId: string, type: string, fileName: string, step: number | null): AssetRecord =>
  ({ assetId, type, fileName, step, createdAt: 0 }) as AssetRecord;

describe('the media series of a run', () => {
  it('groups one type of asset by name, each name in step order', () => {
    const assets = [asset('a', 'histogram3d', 'weights', 1), asset('b', 'curve', 'roc', 2), asset('c', 'histogram3d', 'weights', 0), asset('d', 'histogram3d', 'bias', 0)];
    const series = mediaSeries(assets, 'histogram3d');
    expect(series.map((one) => [one.name, one.steps.map((step) => step.asset.assetId)])).toEqual([
      ['bias', ['d']],
      ['weights', ['c', 'a']],
    ]);
  });

  it('opens on the focused step when it was logged, else on the last step', () => {
    const [weights] = mediaSeries([asset('a', 'curve', 'roc', 0), asset('b', 'curve', 'roc', 5), asset('c', 'curve', 'roc', 9)], 'curve');
    expect(weights && [initialStepIndex(weights, 5), initialStepIndex(weights, 7), initialStepIndex(weights, undefined)]).toEqual([1, 2, 2]);
  });
});
