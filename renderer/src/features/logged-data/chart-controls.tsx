import { Autocomplete, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { ReactNode } from 'react';
import type { ChartAxis } from './chart-data.ts';

/** What the chart controls show and report. */
interface ChartControlsProps {
  /** The picker's label, e.g. "Metrics to chart". */
  label: string;
  options: readonly string[];
  chosen: readonly string[];
  onChoose(metrics: string[]): void;
  axis: ChartAxis;
  onAxis(axis: ChartAxis): void;
  /** Further switches after the axis one. */
  children?: ReactNode;
}

/** The metric picker and the by-step / by-time switch above metric charts. */
export function ChartControls({ label, options, chosen, onChoose, axis, onAxis, children }: ChartControlsProps) {
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <Autocomplete
        multiple
        size="small"
        options={options}
        value={[...chosen]}
        onChange={(_event, value) => onChoose(value)}
        renderInput={(params) => <TextField {...params} label={label} />}
        sx={{ minWidth: 320, flex: 1 }}
      />
      <ToggleButtonGroup size="small" exclusive aria-label="X axis" value={axis} onChange={(_event, value: ChartAxis | null) => value && onAxis(value)}>
        <ToggleButton value="step">By step</ToggleButton>
        <ToggleButton value="time">By time</ToggleButton>
      </ToggleButtonGroup>
      {children}
    </Stack>
  );
}
