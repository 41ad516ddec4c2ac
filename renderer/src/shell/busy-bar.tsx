import { Box, LinearProgress } from '@mui/material';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { isBackgroundRead } from '../lib/api.ts';

/**
 * The top bar's thin progress line while a read the user waits for (or any change) is under way. Its own component, so that
 * each read starting or ending renders this line only, not the app frame around it (a gallery reads dozens at once).
 */
export function BusyBar() {
  // Live updates read every second in the background: they would light the bar twice a second.
  const busy = useIsFetching({ predicate: (query) => !isBackgroundRead(query) }) + useIsMutating() > 0;
  // Rendered only while busy: a hidden bar still animates, costing the window frames on every screen.
  return busy ? <LinearProgress aria-label="Working" sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />;
}
