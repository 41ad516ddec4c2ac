import MultilineChartIcon from '@mui/icons-material/MultilineChart';
import type { PanelKindEntry } from '../panel-types.ts';
import { ParallelPanel } from './parallel-panel.tsx';
import { parallelProbe, probeColumns } from './parallel-settings.ts';

/** Parallel coordinates in the "Add panel" menu. */
export const parallelPanelKind: PanelKindEntry = {
  kind: 'parallel',
  label: 'Parallel coordinates',
  description: 'Parameters and a metric across runs; drag along an axis to narrow the other panels',
  icon: <MultilineChartIcon fontSize="small" />,
  component: ParallelPanel,
  defaults: {},
  // The panel picks its axes from the runs' values: their read (the probe's) starts as the panel is added.
  start: (choices, tableSort) => ({ settings: {}, columns: probeColumns(parallelProbe(choices, tableSort)) }),
};
