import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useAccess } from '../../lib/access.ts';
import { useApiMutation } from '../../lib/api.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { describeScope, type WebhookEntry } from './webhook-model.ts';

/** "Send test": sends a sample event to one saved entry now and shows the receiver's status and reply. */
export function useSendTest(workspaceName: string): { send: (entry: WebhookEntry) => void; refusal: string | undefined; dialog: ReactNode } {
  const [entry, setEntry] = useState<WebhookEntry | undefined>(undefined);
  const test = useApiMutation('sendWebhookTest');
  const { reason: refusal } = useAccess('sendWebhookTest', workspaceName);
  const send = (target: WebhookEntry) => {
    setEntry(target);
    test.mutate({ body: { workspaceName, modelName: target.modelName, url: target.url } });
  };
  const result = test.data;
  const dialog = entry && (
    <Dialog open onClose={() => setEntry(undefined)} aria-labelledby="test-title" maxWidth="md" fullWidth>
      <DialogTitle id="test-title">Test of {entry.url}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          A sample stage change (staging → production) for {describeScope(entry.modelName)}, sent with the entry’s headers and signature. Tests are not retried
          and not written to the delivery log.
        </Typography>
        {test.isPending && <CircularProgress aria-label="Sending the test" />}
        {test.error && <Alert severity="error">Could not send the test: {test.error.message}</Alert>}
        {result && (
          <Box role="region" aria-label="Test result">
            <Alert severity={result.ok ? 'success' : 'error'} sx={{ mb: 2 }}>
              {result.statusCode === null ? `No answer: ${result.error ?? 'the request failed'}` : `The receiver answered HTTP ${result.statusCode}${result.ok ? '' : ' (not a success)'}`}
              {result.statusCode !== null && result.error ? ` · ${result.error}` : ''}
            </Alert>
            <Typography variant="subtitle2">Reply (first 4 KiB)</Typography>
            <Box component="pre" aria-label="Receiver reply" sx={{ p: 1, bgcolor: 'action.hover', whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 200, overflow: 'auto' }}>
              {result.responseBody || '(empty)'}
            </Box>
            <Typography variant="subtitle2">Sent payload</Typography>
            <Box component="pre" sx={{ p: 1, bgcolor: 'action.hover', whiteSpace: 'pre-wrap', maxHeight: 200, overflow: 'auto' }}>
              {JSON.stringify(result.payload, null, 2)}
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <BusyButton busy={test.isPending} onClick={() => send(entry)}>
          Send again
        </BusyButton>
        <Button variant="contained" onClick={() => setEntry(undefined)}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { send, refusal, dialog };
}
