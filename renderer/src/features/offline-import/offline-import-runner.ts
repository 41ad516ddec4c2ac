import { EnvelopeSchema, type OfflineImportResult } from '../../../../shared/ipc/index.ts';
import { BridgeError, invoke } from '../../bridge.ts';
import { shellHeaders } from '../../shell-access.ts';

/** An archive to import: a path from the desktop window's dialog, or a File picked in the browser shell's page. */
export type ArchiveSource = { kind: 'path'; path: string } | { kind: 'file'; file: File };

/** The result of an archive the app could not hand to the backend. */
const failedResult = (fileName: string, message: string): OfflineImportResult => ({ fileName, state: 'failed', message, problems: [] });

/**
 * Imports archives one after the other, through the backend (which reads them): paths by `offline.import`; a picked
 * File's bytes as the body of POST /offline/import. Progress arrives as `offline.progress` events under `importId` (index: the archive's position), or `importId#<position>` for a picked File.
 */
export async function importArchives(importId: string, sources: ArchiveSource[], onResult: (result: OfflineImportResult) => void): Promise<void> {
  const paths = sources.flatMap((source) => (source.kind === 'path' ? [source.path] : []));
  if (paths.length > 0) {
    const { results } = await invoke('offline.import', { importId, paths });
    results.forEach(onResult);
  }
  for (const [position, source] of sources.entries()) {
    if (source.kind !== 'file') continue;
    // One request per picked file: its progress events carry the import's id and the file's position.
    onResult(await importFile(`${importId}#${position}`, source.file));
  }
}

async function importFile(importId: string, file: File): Promise<OfflineImportResult> {
  const params = new URLSearchParams({ importId, fileName: file.name });
  try {
    const response = await fetch(`/offline/import?${params}`, { method: 'POST', headers: shellHeaders({ 'content-type': 'application/zip' }), body: file, credentials: 'omit' });
    const envelope = EnvelopeSchema.safeParse(await response.json().catch(() => undefined));
    if (!envelope.success) return failedResult(file.name, `Trackdesk answered the import with HTTP ${response.status}.`);
    if (!envelope.data.ok) return failedResult(file.name, new BridgeError(envelope.data.error).message);
    return envelope.data.data as OfflineImportResult;
  } catch {
    return failedResult(file.name, 'Trackdesk stopped answering during the import.');
  }
}
