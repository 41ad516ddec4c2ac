import { z } from 'zod';
import { defineEndpoint } from './define.ts';

/** The service version check the Python SDK calls first (compat.md §1). */
export const metaEndpoints = {
  serverVersion: defineEndpoint({
    id: 'read.isAliveVersion',
    summary: "The service's version; 4.18.133 or later enables every feature the Python SDK gates by version.",
    group: 'meta',
    method: 'GET',
    needs: 'none',
    path: '/clientlib/isAlive/ver',
    reply: z.object({ version: z.string() }),
  }),
};
