import { Button, IconButton, Tooltip, useMediaQuery, useTheme } from '@mui/material';
import type { ReactElement } from 'react';

/** Props of ToolbarButton: the command's words (its accessible name in both forms), its icon, and what it does. */
interface ToolbarButtonProps {
  label: string;
  icon: ReactElement;
  onClick(): void;
  disabled?: boolean;
}

/**
 * A secondary command of a screen's header: a text button with its icon in a wide window, the icon alone with the words
 * as tooltip below the theme's `lg` breakpoint, so the header stays on one line; named by its words either way.
 */
export function ToolbarButton({ label, icon, onClick, disabled = false }: ToolbarButtonProps) {
  const narrow = useMediaQuery(useTheme().breakpoints.down('lg'), { noSsr: true });
  if (!narrow) {
    return (
      <Button startIcon={icon} onClick={onClick} disabled={disabled} sx={{ flexShrink: 0 }}>
        {label}
      </Button>
    );
  }
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} color="primary" onClick={onClick} disabled={disabled}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}
