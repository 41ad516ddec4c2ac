import ScatterPlotIcon from '@mui/icons-material/ScatterPlot';
import type { PanelKindEntry } from '../panel-types.ts';
import { columnsOf } from '../column-choice/column-choice.ts';
import { defaultScatterSettings, ScatterPanel, scatterChoices } from './scatter-panel.tsx';

/** The scatter in the "Add panel" menu. */
export const scatterPanelKind: PanelKindEntry = {
  kind: 'scatter',
  label: 'Scatter',
  description: 'A parameter or metric against another, a point per run; click a point to open its run',
  icon: <ScatterPlotIcon fontSize="small" />,
  component: ScatterPanel,
  defaults: {},
  start: (choices) => {
    const settings = defaultScatterSettings(choices);
    return { settings, columns: columnsOf(scatterChoices(settings)) };
  },
};
