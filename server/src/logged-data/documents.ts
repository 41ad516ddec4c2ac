import type { Sql } from '../database/sql.ts';

/** Documents kept as text. */
export type TextKind = 'html' | 'code' | 'graph';
/** Documents kept as JSON objects: git metadata, system details, cloud details. */
export type JsonKind = 'git' | 'system' | 'cloud';

/** Storage of an experiment's whole documents (one per kind). */
export interface LoggedDocumentStore {
  setText(experimentId: number, kind: TextKind, text: string, now: number): Promise<void>;
  /** Appends to the text (creating it when absent). */
  appendText(experimentId: number, kind: TextKind, text: string, now: number): Promise<void>;
  /** The text, empty when never set. */
  text(experimentId: number, kind: TextKind): Promise<string>;
  /** Replaces the JSON document. */
  setJson(experimentId: number, kind: JsonKind, value: Record<string, unknown>, now: number): Promise<void>;
  /** Sets the given fields (undefined ones are left as stored), atomically. */
  mergeJson(experimentId: number, kind: JsonKind, fields: Record<string, unknown>, now: number): Promise<void>;
  /** The JSON document, undefined when never set. */
  json(experimentId: number, kind: JsonKind): Promise<Record<string, unknown> | undefined>;
}

/** Creates the document store over a database. */
export function createLoggedDocumentStore(db: Sql): LoggedDocumentStore {
  const upsert = db.prepare(
    `INSERT INTO experiment_documents (experiment_id, kind, content, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (experiment_id, kind) DO UPDATE SET content = excluded.content, updated_at = excluded.updated_at`,
  );
  const append = db.prepare(
    `INSERT INTO experiment_documents (experiment_id, kind, content, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (experiment_id, kind) DO UPDATE SET content = experiment_documents.content || excluded.content, updated_at = excluded.updated_at`,
  );
  const select = db.prepare<[number, string], string>('SELECT content FROM experiment_documents WHERE experiment_id = ? AND kind = ?').pluck();
  const json = async (experimentId: number, kind: JsonKind) => {
    const content = await select.get(experimentId, kind);
    return content === undefined ? undefined : (JSON.parse(content) as Record<string, unknown>);
  };
  const merge = (experimentId: number, kind: JsonKind, fields: Record<string, unknown>, now: number) => db.transaction(async () => {
    const merged = { ...await json(experimentId, kind) };
    for (const [name, value] of Object.entries(fields)) if (value !== undefined) merged[name] = value;
    await upsert.run(experimentId, kind, JSON.stringify(merged), now);
  });
  return {
    setText: async (experimentId, kind, text, now) => {
      await upsert.run(experimentId, kind, text, now);
    },
    appendText: async (experimentId, kind, text, now) => {
      await append.run(experimentId, kind, text, now);
    },
    text: async (experimentId, kind) => await select.get(experimentId, kind) ?? '',
    setJson: async (experimentId, kind, value, now) => {
      await upsert.run(experimentId, kind, JSON.stringify(value), now);
    },
    mergeJson: (experimentId, kind, fields, now) => merge(experimentId, kind, fields, now),
    json,
  };
}
