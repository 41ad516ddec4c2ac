import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { panelKindOf } from '../panel-kinds.tsx';
import type { usePanelLayout } from '../panel-layout.ts';
import type { PanelKind } from '../panel-types.ts';
import { COMPARE_PARAMETER } from './open-analysis.ts';

/** The kinds a comparison starts with when the view has no panels: a line chart and the differences, where this app has them. */
const STARTERS: readonly PanelKind[] = ['line', 'differences'];

/** The starter kinds this app knows (other kinds may be added to the registry at any time). */
export const starterKinds = (): PanelKind[] => STARTERS.filter((kind) => panelKindOf(kind) !== undefined);

/** On `?compare`: an empty view gets the starter panels; the parameter is then taken out of the address. */
export function useCompareStart(layout: Pick<ReturnType<typeof usePanelLayout>, 'panels' | 'add'>): void {
  const [params, setParams] = useSearchParams();
  const comparing = params.has(COMPARE_PARAMETER);
  const { panels, add } = layout;
  useEffect(() => {
    if (!comparing) return;
    if (panels.length === 0) for (const kind of starterKinds()) add(kind, panelKindOf(kind)?.defaults ?? {});
    setParams(
      (prior) => {
        const after = new URLSearchParams(prior);
        after.delete(COMPARE_PARAMETER);
        return after;
      },
      { replace: true },
    );
  }, [comparing, panels.length, add, setParams]);
}
