import { useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { useUiStore } from '../lib/ui-store.ts';

/** Whether the side navigation shows icons only, and how to flip it. */
interface NavigationCollapse {
  collapsed: boolean;
  toggle(): void;
}

/**
 * The side navigation's state: in a window narrower than the theme's `lg` breakpoint it collapses on its own (opening it
 * there lasts until the window widens); in a wider one it follows the user's remembered choice.
 */
export function useNavigationCollapse(): NavigationCollapse {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
  const remembered = useUiStore((state) => state.navigationCollapsed);
  const remember = useUiStore((state) => state.setNavigationCollapsed);
  const [openedWhileNarrow, setOpenedWhileNarrow] = useState(false);
  if (!narrow && openedWhileNarrow) setOpenedWhileNarrow(false);
  if (narrow) return { collapsed: !openedWhileNarrow, toggle: () => setOpenedWhileNarrow((opened) => !opened) };
  return { collapsed: remembered, toggle: () => remember(!remembered) };
}
