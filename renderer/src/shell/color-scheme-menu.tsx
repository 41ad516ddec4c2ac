import CheckIcon from '@mui/icons-material/Check';
import ContrastIcon from '@mui/icons-material/Contrast';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useUiStore, type ColorSchemeChoice } from '../lib/ui-store.ts';

const choices: readonly { value: ColorSchemeChoice; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** The top bar's appearance button: System (follow the operating system), Light or Dark, applied at once and remembered. */
export function ColorSchemeMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = useUiStore((state) => state.colorScheme);
  const choose = useUiStore((state) => state.chooseColorScheme);
  return (
    <>
      <Tooltip title="Appearance">
        <IconButton aria-label="Appearance" aria-haspopup="menu" aria-expanded={anchor !== null} onClick={(event) => setAnchor(event.currentTarget)}>
          <ContrastIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-label': 'Appearance' } }}>
        {choices.map((choice) => (
          <MenuItem
            key={choice.value}
            role="menuitemradio"
            aria-checked={choice.value === current}
            onClick={() => {
              choose(choice.value);
              setAnchor(null);
            }}
          >
            <ListItemIcon>{choice.value === current && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{choice.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
