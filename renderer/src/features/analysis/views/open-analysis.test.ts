import { beforeEach, describe, expect, it } from 'vitest';
import { useAnalysisSelection } from '../analysis-selection.ts';
import { openAnalysisOn } from './open-analysis.ts';

describe('"Compare in analysis" from the experiments table', () => {
  beforeEach(() => useAnalysisSelection.setState({ projectId: 'other', selected: ['old'], brushes: { p: ['old'] } }));

  it('selects the runs in the linked selection of the project and answers the analysis route that compares them', () => {
    expect(openAnalysisOn('proj 1', ['k1', 'k2'])).toBe('/projects/proj%201/analysis?compare=1');
    const { projectId, selected, brushes } = useAnalysisSelection.getState();
    expect({ projectId, selected, brushes }).toEqual({ projectId: 'proj 1', selected: ['k1', 'k2'], brushes: {} });
    // The analysis screen's own reset for the same project keeps them.
    useAnalysisSelection.getState().forProject('proj 1');
    expect(useAnalysisSelection.getState().selected).toEqual(['k1', 'k2']);
  });
});
