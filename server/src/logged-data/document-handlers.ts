import type { BodyOf } from '../../../shared/api/index.ts';
import type { loggingWriteEndpoints } from '../../../shared/api/logging-writes.ts';
import type { Caller, HandlerTable } from '../http/handler.ts';
import type { LoggedDataServices } from './services.ts';
import { experimentIdFor, throttledWrite } from './logging-support.ts';
import { ok } from '../http/replies.ts';

type CloudDetailsBody = BodyOf<typeof loggingWriteEndpoints.setCloudDetails>;
type InfoItem = { key: string; value: unknown };

/** The stored additional-info items with the new ones merged in by key: a key sent again takes the new value in its place. */
function mergeByKey(stored: unknown, items: readonly InfoItem[]): InfoItem[] {
  const merged = new Map((Array.isArray(stored) ? (stored as InfoItem[]) : []).map((item) => [item.key, item]));
  for (const item of items) merged.set(item.key, item);
  return [...merged.values()];
}

/** Handlers of E30, E32–E39 and E55: documents, output lines, tags, file path. */
export function createLoggingDocumentHandlers(services: LoggedDataServices): HandlerTable {
  const { experiments, loggedData } = services;
  const { documents } = loggedData;

  /** Resolves the experiment and runs one "other" write for it under the throttle. */
  const otherWrite = async (caller: Caller, experimentKey: string, write: (experimentId: number, now: number) => Promise<unknown>) => {
    const id = await experimentIdFor(services, caller, experimentKey);
    const now = services.now();
    await throttledWrite(services, id, 'other', 1, () => write(id, now));
    return ok('Saved');
  };
  const setCloudDetails = ({ body, caller }: { body: CloudDetailsBody; caller: Caller }) =>
    otherWrite(caller, body.experimentKey, (id, now) => documents.setJson(id, 'cloud', { provider: body.provider, metadata: body.metadata ?? {} }, now));

  return {
    logHtml: ({ body, caller }) =>
      otherWrite(caller, body.experimentKey, async (id, now) =>
        body.override ? documents.setText(id, 'html', body.html, now) : documents.appendText(id, 'html', body.html, now),
      ),
    setSystemDetails: ({ body, caller }) => {
      const { experimentKey, logAdditionalSystemInfoList: infoItems, ...fields } = body;
      const given: Record<string, unknown> = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== undefined));
      return otherWrite(caller, experimentKey, async (id, now) => {
        if (infoItems) given.logAdditionalSystemInfoList = mergeByKey((await documents.json(id, 'system'))?.logAdditionalSystemInfoList, infoItems);
        await documents.mergeJson(id, 'system', given, now);
      });
    },
    setGitMetadata: ({ body, caller }) => {
      const { user = null, root = null, branch = null, parent = null, origin = null } = body;
      return otherWrite(caller, body.experimentKey, (id, now) => documents.setJson(id, 'git', { user, root, branch, parent, origin }, now));
    },
    logOutput: async ({ body, caller }) => {
      const id = await experimentIdFor(services, caller, body.experimentKey);
      const now = services.now();
      const lines = body.outputLines.map((line) => ({
        output: line.output,
        stderr: line.stderr ?? false,
        localTimestamp: line.localTimestamp ?? now,
        offset: line.offset ?? null,
      }));
      const context = body.context ?? body.runContext ?? null;
      await throttledWrite(services, id, 'outputLines', lines.length, () => loggedData.output.append(id, context, lines));
      return ok('Saved');
    },
    setGraph: ({ body, caller }) => otherWrite(caller, body.experimentKey, (id, now) => documents.setText(id, 'graph', body.graph, now)),
    setCode: ({ body, caller }) => otherWrite(caller, body.experimentKey, (id, now) => documents.setText(id, 'code', body.code, now)),
    addTags: ({ body, caller }) => otherWrite(caller, body.experimentKey, (id) => loggedData.tags.add(id, body.addedTags ?? [])),
    setCloudDetails,
    setCloudDetail: setCloudDetails,
    setFilePath: ({ body, caller }) => otherWrite(caller, body.experimentKey, (id) => experiments.setFilePath(id, body.filePath)),
  };
}
