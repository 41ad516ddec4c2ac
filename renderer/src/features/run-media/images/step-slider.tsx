import { Slider } from '@mui/material';
import type { ImageGroup } from './image-groups.ts';

/** A slider over a group's images in step order, showing their steps. */
export function StepSlider({ group, index, onIndex, label }: { group: ImageGroup; index: number; onIndex(index: number): void; label: string }) {
  const stepAt = (position: number) => group.images[position]?.step ?? null;
  return (
    <Slider
      size="small"
      min={0}
      max={Math.max(0, group.images.length - 1)}
      step={1}
      value={index}
      disabled={group.images.length < 2}
      onChange={(_event, value) => onIndex(value as number)}
      aria-label={label}
      getAriaValueText={(position) => `Step ${stepAt(position) ?? 'none'}`}
      valueLabelDisplay="auto"
      valueLabelFormat={(position) => `${stepAt(position) ?? '—'}`}
    />
  );
}

/** Whether a key's target handles arrow keys itself (a slider, a text field, a switch): the step keys leave it alone. */
export const ownsArrowKeys = (target: EventTarget): boolean => target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || (target instanceof HTMLElement && target.getAttribute('role') === 'slider');
