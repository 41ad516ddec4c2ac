import { userInfo } from 'node:os';
import { localWorkspaceName } from '../../server/src/accounts/local-workspace.ts';

/** The local service's workspace as the app shows it: named for the person running the tests (issue 46). */
export const LOCAL_WORKSPACE = localWorkspaceName(userInfo().username);
