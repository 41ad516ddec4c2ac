/**
 * PostgreSQL's codes for a transaction that lost a race: serialisation failure, deadlock, and a unique violation
 * (two transactions inserting the same new key, which SERIALIZABLE can report as such): safe to run again.
 */
const RETRYABLE = new Set(['40001', '40P01', '23505']);

/** True for an error that only says the transaction lost a race with another: the whole transaction may run again. */
export const isLostRace = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
};
