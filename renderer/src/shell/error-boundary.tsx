import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { errorMessage } from '../lib/errors.ts';

interface ErrorBoundaryProps {
  /** What failed, for the message (e.g. "This screen"). */
  what: string;
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
}

/** Catches a rendering failure below it and shows it with a way to try again, keeping the rest of the app usable. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: undefined };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error ?? new Error('Unknown failure') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`${this.props.what} failed:`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error === undefined) return this.props.children;
    return (
      <Box sx={{ p: 3 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => this.setState({ error: undefined })}>
              Try again
            </Button>
          }
        >
          <AlertTitle>{this.props.what} failed to show</AlertTitle>
          {errorMessage(this.state.error)} The rest of Trackdesk still works: use the navigation to go elsewhere.
        </Alert>
      </Box>
    );
  }
}
