import { APP_SCHEME } from './app-link.ts';

/** The path segment of a view address under the service's base address. */
export const VIEWS_SEGMENT = 'analysis-views';
/** The address of a saved analysis view: `<service base address>/analysis-views/<view id>`. */
export const viewAddress = (baseUrl: string, viewId: string): string => `${baseUrl.replace(/\/+$/, '')}/${VIEWS_SEGMENT}/${encodeURIComponent(viewId)}`;

/** The `trackdesk://open?view=…` link that opens a saved analysis view (its address) in the app. */
export const openViewAppLink = (address: string): string => `${APP_SCHEME}://open?view=${encodeURIComponent(address)}`;
