import MultilineChartIcon from '@mui/icons-material/MultilineChart';
import { columnsOf } from '../column-choice/column-choice.ts';
import type { PanelKindEntry } from '../panel-types.ts';
import { ParallelPanel } from './parallel-panel.tsx';
import { defaultParallelSettings, parallelChoices } from './parallel-settings.ts';

/** Parallel coordinates in the "Add panel" menu. */
export const parallelPanelKind: PanelKindEntry = {
  kind: 'parallel',
  label: 'Parallel coordinates',
  description: 'Parameters and a metric across runs; drag along an axis to narrow the other panels',
  icon: <MultilineChartIcon fontSize="small" />,
  component: ParallelPanel,
  defaults: {},
  start: ({ params, metrics }) => {
    const settings = defaultParallelSettings(params, metrics);
    return { settings, columns: columnsOf(parallelChoices(settings)) };
  },
};
