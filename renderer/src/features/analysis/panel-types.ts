import type { ComponentType, ReactNode } from 'react';
import type { AnalysisColumn } from '../../../../shared/api/analysis.ts';
import type { MediaPanelKind } from '../../../../shared/api/media-panels.ts';
import type { ProjectChoices } from './column-choice/column-choice.ts';

/** The kinds of panel the analysis view offers. */
export type PanelKind = 'line' | 'parallel' | 'scatter' | 'importance' | 'differences' | MediaPanelKind;

/** One panel as placed in a view: its kind and its own settings (plain JSON, each kind reads its own shape). */
export interface PanelSpec {
  id: string;
  /** A `PanelKind`, or another text when the view was saved by a newer app (shown as unknown, kept as it is). */
  kind: string;
  settings: Record<string, unknown>;
}

/** What every panel is given: the project, the table's filter text that selects the runs, and its settings. */
export interface PanelProps {
  projectId: string;
  /** The experiments table's filter text (empty: every run of the project); read runs with `useAnalysisRuns`. */
  query: string;
  /** This panel's id, for brushing (`useAnalysisSelection().setBrush(panelId, …)`). */
  panelId: string;
  settings: Record<string, unknown>;
  /** Keeps changed settings (saved with the view). */
  onSettingsChange(settings: Record<string, unknown>): void;
}

/** A kind of panel as the "Add panel" menu offers it. */
export interface PanelKindEntry {
  kind: PanelKind;
  label: string;
  /** One line under the label in the menu. */
  description: string;
  icon: ReactNode;
  component: ComponentType<PanelProps>;
  /** Settings of a panel just added. */
  defaults: Record<string, unknown>;
  /**
   * With the project's names at hand: a new panel's first settings and the runs' columns it will read with them, so
   * that the read starts when the panel is added, before it renders; `tableSort` is the table's sort as kept.
   */
  start?(choices: ProjectChoices, tableSort: unknown): PanelStart;
}

/** A new panel's first settings and the columns of the runs it reads with them. */
export interface PanelStart {
  settings: Record<string, unknown>;
  columns: AnalysisColumn[];
}
