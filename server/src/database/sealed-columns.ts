import { KEY_ID_LENGTH, SEALED_PREFIX, type SecretBox } from './secret-box.ts';
import type { Sql } from './sql.ts';

/** Every column that holds a secret, sealed (webhook configuration and outbox: secret and headers; SSO refresh tokens). */
const SEALED_COLUMNS = [
  { table: 'webhook_urls', id: 'id', column: 'secret' },
  { table: 'webhook_urls', id: 'id', column: 'headers' },
  { table: 'webhook_deliveries', id: 'id', column: 'secret' },
  { table: 'webhook_deliveries', id: 'id', column: 'headers' },
  { table: 'sso_identities', id: 'user_id', column: 'refresh_token' },
] as const;

/** The ids of every key the database's sealed values use. */
export async function keyIdsInUse(sql: Sql): Promise<Set<string>> {
  const used = new Set<string>();
  const start = SEALED_PREFIX.length + 1;
  for (const { table, column } of SEALED_COLUMNS) {
    const rows = await sql
      .prepare<[string], { keyId: string }>(`SELECT DISTINCT substr(${column}, ${start}, ${KEY_ID_LENGTH}) AS "keyId" FROM ${table} WHERE ${column} LIKE ?`)
      .all(`${SEALED_PREFIX}%`);
    for (const row of rows) used.add(row.keyId);
  }
  return used;
}

/**
 * Seals with the current key every secret not sealed with it: plain values (from before sealing existed) when
 * `alsoOtherKeys` is false, and also values sealed with previous keys when it is true (a rotation). One transaction;
 * returns how many values it sealed.
 */
export async function sealColumns(sql: Sql, box: SecretBox, alsoOtherKeys: boolean): Promise<number> {
  return sql.transaction(async () => {
    let sealed = 0;
    for (const { table, id, column } of SEALED_COLUMNS) {
      const skip = alsoOtherKeys ? `${SEALED_PREFIX}${box.currentKeyId}:%` : `${SEALED_PREFIX}%`;
      const rows = await sql
        .prepare<[string], { id: number; value: string }>(`SELECT ${id} AS id, ${column} AS value FROM ${table} WHERE ${column} IS NOT NULL AND ${column} NOT LIKE ?`)
        .all(skip);
      const update = sql.prepare<[string, number]>(`UPDATE ${table} SET ${column} = ? WHERE ${id} = ?`);
      for (const row of rows) await update.run(box.seal(box.open(row.value)), row.id);
      sealed += rows.length;
    }
    return sealed;
  });
}
