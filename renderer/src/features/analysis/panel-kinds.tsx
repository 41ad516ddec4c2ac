import { differencesPanel } from './differences/differences-panel.tsx';
import { importancePanel } from './importance/importance-panel.tsx';
import { linePanelKind } from './line/index.ts';
import { confusionPanelKind } from './media/confusion/confusion-panel.tsx';
import { curvesPanelKind } from './media/curves/curves-panel.tsx';
import { histogramsPanelKind } from './media/histograms/histograms-panel.tsx';
import { imagesPanelKind } from './media/images/images-panel.tsx';
import type { PanelKind, PanelKindEntry } from './panel-types.ts';
import { parallelPanelKind } from './parallel/parallel-entry.tsx';
import { scatterPanelKind } from './scatter/scatter-entry.tsx';

/** Every kind of panel the view offers, in the "Add panel" menu's order (each kind's module adds its entry here). */
export const panelKinds: readonly PanelKindEntry[] = [
  linePanelKind,
  parallelPanelKind,
  scatterPanelKind,
  importancePanel,
  differencesPanel,
  imagesPanelKind,
  curvesPanelKind,
  confusionPanelKind,
  histogramsPanelKind,
];

/** The entry of a kind, or undefined for a kind this version of the app does not know (a view saved by a newer one). */
export const panelKindOf = (kind: PanelKind | string): PanelKindEntry | undefined => panelKinds.find((entry) => entry.kind === kind);
