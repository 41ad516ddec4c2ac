import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { BridgeError } from '../../bridge.ts';
import { useApiQuery } from '../../lib/api.ts';

/** Shows a read's result, its failure with the service's message, or a spinner. */
export function Loaded<T>({ query, what, children }: { query: { data: T | undefined; error: BridgeError | null }; what: string; children(data: T): ReactNode }) {
  if (query.error) return <Alert severity="error">Cannot load the {what}: {query.error.message}</Alert>;
  if (query.data === undefined) return <CircularProgress aria-label={`Loading the ${what}`} />;
  return <>{children(query.data)}</>;
}

/** Long text (output, code) in a scrollable monospace block. */
export function TextBlock({ text, label, empty }: { text: string; label: string; empty: string }) {
  if (text === '') return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <Box
      component="pre"
      aria-label={label}
      tabIndex={0}
      sx={{ m: 0, p: 1.5, maxHeight: 560, overflow: 'auto', bgcolor: 'action.hover', borderRadius: 1, fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
    >
      {text}
    </Box>
  );
}

/** The experiment's output lines (standard output and error, in order). */
export function OutputSection({ experimentKey }: { experimentKey: string }) {
  const output = useApiQuery('getOutput', { experimentKey });
  return <Loaded query={output} what="output">{(data) => <TextBlock text={data.output} label="Output lines" empty="No output logged." />}</Loaded>;
}

/**
 * The experiment's logged HTML. It is untrusted (anyone with a key can log it), so it is shown in a frame with
 * every sandbox restriction on (`sandbox=""`: no scripts, no same origin, no forms, no popups, no top navigation),
 * from `srcdoc`, and never inserted into the app's own document.
 */
export function HtmlSection({ experimentKey }: { experimentKey: string }) {
  const html = useApiQuery('getHtml', { experimentKey });
  return (
    <Loaded query={html} what="HTML">
      {(data) =>
        data.html === '' ? (
          <Typography color="text.secondary">No HTML logged.</Typography>
        ) : (
          <Box>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              Shown in a sandbox: scripts in it do not run.
            </Typography>
            <Box
              component="iframe"
              title="Logged HTML"
              sandbox=""
              referrerPolicy="no-referrer"
              srcDoc={data.html}
              sx={{ width: '100%', height: 560, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'common.white' }}
            />
          </Box>
        )
      }
    </Loaded>
  );
}
