import { TOKEN_HEADER, TOKEN_PARAMETER, TOKEN_STORAGE_KEY as STORAGE_KEY } from '../../shared/security/shell-token.ts';

let token: string | undefined;
let adopted = false;

function stored(): string | undefined {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the browser shell's token from the address the shell printed, keeps it in this page and this tab's storage, and
 * removes it from the address bar; without one in the address, takes the one this tab kept. Idempotent.
 */
export function adoptShellToken(): void {
  if (adopted) return;
  adopted = true;
  const address = new URL(window.location.href);
  const fromAddress = address.searchParams.get(TOKEN_PARAMETER);
  if (!fromAddress) {
    token = stored();
    return;
  }
  token = fromAddress;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, fromAddress);
  } catch {
    // Storage refused (a private mode): the token lives in this page only, and a reload needs the printed address again.
  }
  address.searchParams.delete(TOKEN_PARAMETER);
  window.history.replaceState(window.history.state, '', address.href);
}

/** The headers of a call to the browser shell: `extra` plus the token. */
export function shellHeaders(extra: Record<string, string> = {}): Record<string, string> {
  adoptShellToken();
  return token ? { ...extra, [TOKEN_HEADER]: token } : extra;
}
