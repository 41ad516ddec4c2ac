import { Alert, Box, Typography } from '@mui/material';

/** The panel for an address that matches no screen. */
export function NotFound() {
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        Nothing here
      </Typography>
      <Alert severity="warning">This address matches no screen. Use the navigation on the left.</Alert>
    </Box>
  );
}
