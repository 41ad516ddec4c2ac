import { TableCell } from '@mui/material';
import { formatLoggedValue } from '../../lib/format.ts';

/** A cell showing a logged value, shortened when long, with the exact value on hover. */
export function ValueCell({ value }: { value: string }) {
  const shown = formatLoggedValue(value);
  return (
    <TableCell sx={{ wordBreak: 'break-word' }} title={shown === value ? undefined : value}>
      {shown}
    </TableCell>
  );
}
