import type { FastifyRequest } from 'fastify';
import { publicOrigin } from './public-address.ts';

/** The generic success body clients tolerate (compat.md §1), with the message the specification names. */
export const ok = <T extends string>(msg: T) => ({ msg, code: 200, data: null, sdk_error_code: 0 });

/** `http(s)://host[:port]` of the service as the client reached it (`--public-url`, or a trusted proxy's), for links the service hands out. */
export const origin = publicOrigin;

/** The address of an experiment as listed in a project (E2's `link`, E6's symlink address). */
export const experimentLink = (request: FastifyRequest, workspaceName: string, projectName: string, experimentKey: string): string =>
  `${origin(request)}/${encodeURIComponent(workspaceName)}/${encodeURIComponent(projectName)}/${experimentKey}`;
