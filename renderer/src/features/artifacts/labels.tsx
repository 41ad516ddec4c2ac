import { Chip, Stack } from '@mui/material';

/** Labels (aliases, tags) as small chips ("—" for none). */
export function Labels({ values, outlined = false }: { values: readonly string[]; outlined?: boolean }) {
  if (values.length === 0) return <>—</>;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {values.map((value) => (
        <Chip key={value} size="small" variant={outlined ? 'outlined' : 'filled'} label={value} />
      ))}
    </Stack>
  );
}
