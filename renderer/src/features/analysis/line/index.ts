import ShowChartIcon from '@mui/icons-material/ShowChart';
import { createElement } from 'react';
import type { PanelKindEntry } from '../panel-types.ts';
import { LINE_DEFAULTS } from './line-model.ts';
import { LinePanel } from './line-panel.tsx';

/** The line chart panel: a metric across runs, a line per run or grouped with bands. */
export const linePanelKind: PanelKindEntry = {
  kind: 'line',
  label: 'Line chart',
  description: 'A metric across runs, a line per run or grouped by a parameter',
  icon: createElement(ShowChartIcon),
  component: LinePanel,
  defaults: { ...LINE_DEFAULTS },
};
