import { MenuItem, TextField } from '@mui/material';
import { stepLabel, type MediaStep } from './media-series.ts';

/** Chooses one of a series' logged steps (shown only when there are several); `label` names it for assistive technology. */
export function StepPicker({ steps, index, onIndex, label }: { steps: readonly MediaStep[]; index: number; onIndex(index: number): void; label: string }) {
  if (steps.length < 2) return null;
  return (
    <TextField select size="small" label={label} value={index} onChange={(event) => onIndex(Number(event.target.value))} sx={{ minWidth: 160 }}>
      {steps.map((one, position) => (
        <MenuItem key={one.asset.assetId} value={position}>
          {stepLabel(one.step)}
        </MenuItem>
      ))}
    </TextField>
  );
}
