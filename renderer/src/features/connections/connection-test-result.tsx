import { Alert, AlertTitle } from '@mui/material';
import type { ConnectionTestResult as Result } from '../../../../shared/ipc/index.ts';

const PROBLEM_TITLES: Record<NonNullable<Result['problem']>, string> = {
  unauthorized: 'The API key was refused',
  unreachable: 'The service cannot be reached',
  tls: 'The secure connection failed',
  incompatible: 'That address does not answer like the service',
  timeout: 'The service did not answer in time',
  server_error: 'The service answered with an error',
  missing_key: 'No API key is stored',
  keychain_unavailable: 'The OS keychain is not available',
};

/** A connection test's outcome in plain words: what worked, or what is wrong and what to check. */
export function ConnectionTestResult({ result, subject }: { result: Result; subject: string }) {
  return (
    <Alert severity={result.ok ? 'success' : 'error'} role={result.ok ? 'status' : 'alert'} aria-label={`Test result for ${subject}`}>
      <AlertTitle>{result.ok ? 'Connection works' : result.problem ? PROBLEM_TITLES[result.problem] : 'The test failed'}</AlertTitle>
      {result.message}
    </Alert>
  );
}
