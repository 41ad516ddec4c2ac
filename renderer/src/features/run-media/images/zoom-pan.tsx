import { Box, Button, Stack, Typography } from '@mui/material';
import { useRef, useState, type ReactNode } from 'react';

/** How far the view may zoom in and out. */
const MIN_SCALE = 0.25;
const MAX_SCALE = 16;
const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/** A view its content can be zoomed in (buttons, the wheel) and panned in (dragging). */
export function ZoomPan({ children, label }: { children: ReactNode; label: string }) {
  const [view, setView] = useState({ scale: 1, x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number } | null>(null);
  const zoom = (factor: number) => setView((current) => ({ ...current, scale: clampScale(current.scale * factor) }));
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button size="small" onClick={() => zoom(1.25)}>Zoom in</Button>
        <Button size="small" onClick={() => zoom(0.8)}>Zoom out</Button>
        <Button size="small" onClick={() => setView({ scale: 1, x: 0, y: 0 })}>Fit</Button>
        <Typography variant="caption" aria-label="Zoom level">{Math.round(view.scale * 100)}%</Typography>
      </Stack>
      <Box
        role="region"
        aria-label={label}
        sx={{ overflow: 'hidden', cursor: 'grab', '&:active': { cursor: 'grabbing' }, bgcolor: 'action.hover', borderRadius: 1, height: '65vh', display: 'grid', placeItems: 'center', touchAction: 'none' }}
        onWheel={(event) => zoom(event.deltaY < 0 ? 1.1 : 1 / 1.1)}
        onPointerDown={(event) => {
          drag.current = { x: event.clientX, y: event.clientY };
          event.currentTarget.setPointerCapture(event.pointerId);
        }}
        onPointerMove={(event) => {
          const from = drag.current;
          if (!from) return;
          drag.current = { x: event.clientX, y: event.clientY };
          setView((current) => ({ ...current, x: current.x + event.clientX - from.x, y: current.y + event.clientY - from.y }));
        }}
        onPointerUp={() => {
          drag.current = null;
        }}>
        <Box data-testid="zoom-content" sx={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`, transformOrigin: 'center', maxWidth: '100%', maxHeight: '100%' }}>
          {children}
        </Box>
      </Box>
    </Stack>
  );
}
