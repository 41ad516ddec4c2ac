import type { SecretBox } from '../../database/secret-box.ts';
import type { Sql } from '../../database/sql.ts';

/** A single sign-on in progress: what the service must check when the app brings the provider's answer back. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  redirectUri: string;
  createdAt: number;
}

/** What the provider said of a person, kept with the user it maps to. */
export interface SsoIdentity {
  userId: number;
  userName: string;
  issuer: string;
  subject: string;
  email: string | null;
  displayName: string | null;
  refreshToken: string | null;
  checkedAt: number;
}

/** Storage of single sign-ons in progress and of the identities that map provider subjects to users. */
export interface SsoStore {
  begin(signIn: PendingSignIn): Promise<void>;
  /** Takes a sign-in in progress out (once: a second take of the same state finds nothing); forgets those older than `staleBefore`. */
  take(state: string, staleBefore: number): Promise<PendingSignIn | undefined>;
  identityOf(issuer: string, subject: string): Promise<SsoIdentity | undefined>;
  identityOfUser(userId: number): Promise<SsoIdentity | undefined>;
  /** Every identity of the issuer, by user name. */
  identities(issuer: string): Promise<SsoIdentity[]>;
  /** Claims the next recheck of a user for this instance: false when another instance rechecked since `seenCheckedAt`. */
  claimRecheck(userId: number, seenCheckedAt: number, now: number): Promise<boolean>;
  /** Forgets the refresh token of a user the provider no longer lets in. */
  forgetRefreshToken(userId: number): Promise<void>;
  /** Records (or updates) what the provider said of the user's identity. */
  remember(identity: Omit<SsoIdentity, 'userName'>): Promise<void>;
}

const SELECT = `SELECT s.user_id AS userId, u.name AS userName, s.issuer AS issuer, s.subject AS subject, s.email AS email,
  s.display_name AS displayName, s.refresh_token AS refreshToken, s.checked_at AS checkedAt
  FROM sso_identities s JOIN users u ON u.id = s.user_id`;

/** Creates the single sign-on store over a database; refresh tokens are stored sealed by `box`. */
export function createSsoStore(db: Sql, box: SecretBox): SsoStore {
  const opened = (identity: SsoIdentity | undefined): SsoIdentity | undefined =>
    identity && { ...identity, refreshToken: identity.refreshToken === null ? null : box.open(identity.refreshToken) };
  const insertSignIn = db.prepare('INSERT INTO sso_sign_ins (state, nonce, redirect_uri, created_at) VALUES (?, ?, ?, ?)');
  const selectSignIn = db.prepare<[string], PendingSignIn>('SELECT state, nonce, redirect_uri AS redirectUri, created_at AS createdAt FROM sso_sign_ins WHERE state = ?');
  const deleteSignIn = db.prepare('DELETE FROM sso_sign_ins WHERE state = ?');
  const deleteStale = db.prepare('DELETE FROM sso_sign_ins WHERE created_at < ?');
  const bySubject = db.prepare<[string, string], SsoIdentity>(`${SELECT} WHERE s.issuer = ? AND s.subject = ?`);
  const byUser = db.prepare<[number], SsoIdentity>(`${SELECT} WHERE s.user_id = ?`);
  const ofIssuer = db.prepare<[string], SsoIdentity>(`${SELECT} WHERE s.issuer = ? ORDER BY u.name`);
  const claim = db.prepare('UPDATE sso_identities SET checked_at = ? WHERE user_id = ? AND checked_at = ?');
  const forget = db.prepare('UPDATE sso_identities SET refresh_token = NULL WHERE user_id = ?');
  const upsert = db.prepare(
    `INSERT INTO sso_identities (user_id, issuer, subject, email, display_name, refresh_token, checked_at) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET email = excluded.email, display_name = excluded.display_name,
       refresh_token = COALESCE(excluded.refresh_token, sso_identities.refresh_token), checked_at = excluded.checked_at`,
  );
  return {
    begin: async ({ state, nonce, redirectUri, createdAt }) => {
      await insertSignIn.run(state, nonce, redirectUri, createdAt);
    },
    take: (state, staleBefore) =>
      db.transaction(async () => {
        await deleteStale.run(staleBefore);
        const found = await selectSignIn.get(state);
        if (found && (await deleteSignIn.run(state)).changes === 1) return found;
        return undefined;
      }),
    identityOf: async (issuer, subject) => opened(await bySubject.get(issuer, subject)),
    identityOfUser: async (userId) => opened(await byUser.get(userId)),
    identities: async (issuer) => (await ofIssuer.all(issuer)).map((identity) => opened(identity) as SsoIdentity),
    claimRecheck: async (userId, seenCheckedAt, now) => (await claim.run(now, userId, seenCheckedAt)).changes === 1,
    forgetRefreshToken: async (userId) => {
      await forget.run(userId);
    },
    remember: async ({ userId, issuer, subject, email, displayName, refreshToken, checkedAt }) => {
      await upsert.run(userId, issuer, subject, email, displayName, refreshToken === null ? null : box.seal(refreshToken), checkedAt);
    },
  };
}
