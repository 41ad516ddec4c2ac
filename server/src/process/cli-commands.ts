/** The service's command line (`npm run server -- …`), run on import by cli.ts once the process has its V8 flags. */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_BODY_LIMIT_BYTES, DEFAULT_UPLOAD_LIMIT_BYTES, DEFAULT_UPLOADS_IN_FLIGHT, startServer, type RunningServer } from './app.ts';
import { DEFAULT_INSTANCE_TIMEOUT_MS } from '../blobs/temp-keeper.ts';
import { parseS3Location } from '../blobs/s3-blob-store.ts';
import { adminKeyFile, adminPasswordFile } from './bootstrap.ts';
import { MIN_KEY_LENGTH, shortKeyProblem } from '../accounts/index.ts';
import { runKeysCommand } from './cli-keys.ts';
import { PROXY_HELP, PROXY_OPTIONS, proxySettingsFrom } from './cli-proxy.ts';
import { SSO_HELP, SSO_OPTIONS, ssoSettingsFrom } from './cli-sso.ts';
import { parseThrottleLimits, unlimitedThrottleLimits, type ThrottleLimits } from '../throttle/rate-limits.ts';
import { userDataDir } from './user-data-dir.ts';
import type { GivenSecretsKeys } from '../database/secrets-keys.ts';

const HELP = `Trackdesk tracking service (v2 REST API)

Usage:
  npm run server -- [options]                 start the service
  npm run server -- keys create --user <name> issue an API key (creates the user and their workspace)
  npm run server -- keys list                 list keys by prefix
  npm run server -- keys revoke <prefix>      revoke the keys starting with <prefix> (8+ characters)
  npm run server -- migrate --from <data dir> --to postgres://user@host:port/db
                                              copy a SQLite service's database into PostgreSQL (empty, or
                                              filled by an earlier run: then it only verifies), table by
                                              table, verifying row counts and checksums; blobs stay put
  npm run server -- migrate --from <data dir> --blobs-to s3://bucket/prefix
                                              copy the data dir's blobs into an object store (then start with
                                              --blob-store s3://bucket/prefix), each verified by size and SHA-256;
                                              a re-run skips what is already there and verified
  npm run server -- backup --to <new folder>  back up a running service (with its --data-dir, --database, --blob-store):
                                              a database snapshot, then the blobs its rows reference, with a
                                              checksummed manifest
  npm run server -- restore --from <folder> --data-dir <empty dir> [--database <empty postgres://…>] [--blob-store …]
                                              restore a backup into an empty place, verifying every checksum
                                              (then put back the secrets key: backups leave it out)
  npm run server -- rotate-secrets-key        reseal every secret with a new key: in <data-dir>/secrets.key (stop
                                              the service first), or TRACKDESK_SECRETS_KEY with the old one(s) in
                                              TRACKDESK_SECRETS_PREVIOUS_KEYS

Options:
  --host <address>           address to listen on (default 127.0.0.1)
  --port <port>              port; 0 picks a free one (default 5170)
  --data-dir <dir>           blobs, and the SQLite database unless --database (default <user data dir>/service)
  --database <url>           keep the rows in PostgreSQL (postgres://user@host:port/db; also env
                             TRACKDESK_DATABASE_URL); several instances may share it and a data dir
  --blob-store <url>         keep blobs in an S3-compatible object store, s3://bucket/prefix (also env
                             TRACKDESK_BLOB_STORE); endpoint, region and credentials as the AWS SDK reads them
                             (AWS_ENDPOINT_URL_S3, AWS_REGION, AWS_ACCESS_KEY_ID… or ~/.aws); path-style when an
                             endpoint is set (override: ?path-style=true|false). Default: <data-dir>/blobs
  --body-limit <bytes>       largest JSON request body; larger ones get 413 (default ${DEFAULT_BODY_LIMIT_BYTES})
  --upload-limit <bytes>     largest uploaded file (default ${DEFAULT_UPLOAD_LIMIT_BYTES})
  --uploads-in-flight <n>    uploads received at a time; one more gets 429 (default ${DEFAULT_UPLOADS_IN_FLIGHT})
  --throttle <limits>        per-experiment logging limits, e.g. metricsPerMinute=20000,valuesPerMetric=off
                             (metricsPerMinute, parametersPerMinute, outputLinesPerMinute, otherPerMinute,
                             valuesPerMetric; defaults 12000, 10000, 12000, 8000, 15000 as the hosted service)
  --throttle-off             no logging limits at all
  --no-background-tiles      tile metric series for charts only when they are read, never in quiet moments
                             (benches of ingest use it: a quiet process is not an idle machine)
  --instance-timeout <s>     seconds an instance may stay silent before the others sharing its data dir remove
                             its unfinished uploads (default ${DEFAULT_INSTANCE_TIMEOUT_MS / 1000}; each instance says it is alive six times as often)
  --webhooks-allow-private   let webhooks target loopback and private addresses (off: SSRF protection)
  --allow-sign-up            let a person with an invitation create their account (also TRACKDESK_ALLOW_SIGN_UP=1)
${SSO_HELP}${PROXY_HELP}  --log                      log every request (JSON lines on stdout)
  -h, --help                 show this help

On first start with an empty data dir an admin user (a service admin) with an API key and a password is
registered: TRACKDESK_BOOTSTRAP_API_KEY (at least ${MIN_KEY_LENGTH} characters) and TRACKDESK_BOOTSTRAP_PASSWORD if set, otherwise random ones written
to <data-dir>/admin-api-key and <data-dir>/admin-password (mode 0600) and printed once on stderr. SIGINT/SIGTERM shut down gracefully.
Webhook secrets and header values and SSO refresh tokens are stored sealed (AES-256-GCM) with the secrets key:
TRACKDESK_SECRETS_KEY (32 bytes in base64) if set, otherwise <data-dir>/secrets.key (mode 0600, made on first start).
Backups leave the key out: keep a copy of it apart from them.
`;

const OPTIONS = {
  host: { type: 'string', default: '127.0.0.1' },
  port: { type: 'string', default: '5170' },
  'data-dir': { type: 'string' },
  database: { type: 'string' },
  'blob-store': { type: 'string' },
  'body-limit': { type: 'string' },
  'upload-limit': { type: 'string' },
  'uploads-in-flight': { type: 'string' },
  throttle: { type: 'string' },
  'throttle-off': { type: 'boolean', default: false },
  'no-background-tiles': { type: 'boolean', default: false },
  'instance-timeout': { type: 'string' },
  'webhooks-allow-private': { type: 'boolean', default: false },
  'allow-sign-up': { type: 'boolean', default: false },
  ...SSO_OPTIONS,
  ...PROXY_OPTIONS,
  log: { type: 'boolean', default: false },
  user: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  'blobs-to': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** A command-line mistake: printed with a hint, exit status 2. */
class UsageError extends Error {}

function integerOption(name: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got "${text}".`);
  return value;
}

/** An option in whole seconds (1 s to a day), as milliseconds. */
function secondsOption(name: string, text: string | undefined): number | undefined {
  const seconds = integerOption(name, text, 1, 86_400);
  return seconds === undefined ? undefined : seconds * 1000;
}

function throttleOption(text: string | undefined, off: boolean): Partial<ThrottleLimits> | undefined {
  if (off) return unlimitedThrottleLimits;
  try {
    return text === undefined ? undefined : parseThrottleLimits(text);
  } catch (error) {
    throw new UsageError(`--throttle: ${(error as Error).message}`);
  }
}

/** TRACKDESK_BOOTSTRAP_API_KEY, refused when too short to be safe (checked at every start, used on the first). */
function bootstrapKeyOption(key: string | undefined): string | undefined {
  if (key !== undefined && key.length < MIN_KEY_LENGTH) throw new UsageError(`TRACKDESK_BOOTSTRAP_API_KEY: ${shortKeyProblem(key)}`);
  return key;
}

/** TRACKDESK_SECRETS_KEY and TRACKDESK_SECRETS_PREVIOUS_KEYS (comma-separated), or undefined: the data dir's key file. */
function secretsKeysFromEnv(env: NodeJS.ProcessEnv): GivenSecretsKeys | undefined {
  const previous = (env.TRACKDESK_SECRETS_PREVIOUS_KEYS ?? '').split(',').map((key) => key.trim()).filter((key) => key !== '');
  if (!env.TRACKDESK_SECRETS_KEY) {
    if (previous.length > 0) throw new UsageError('TRACKDESK_SECRETS_PREVIOUS_KEYS needs TRACKDESK_SECRETS_KEY (the current key) beside it.');
    return undefined;
  }
  return { current: env.TRACKDESK_SECRETS_KEY, previous };
}

function databaseOption(url: string | undefined): string | undefined {
  if (url !== undefined && !/^postgres(ql)?:\/\//.test(url)) throw new UsageError(`--database must be a postgres:// URL, got "${url}".`);
  return url;
}

function blobStoreOption(url: string | undefined): string | undefined {
  try {
    if (url !== undefined) parseS3Location(url);
  } catch (error) {
    throw new UsageError(`--blob-store: ${(error as Error).message}`);
  }
  return url;
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const dataDir = values['data-dir'] ?? join(userDataDir(), 'service');
  const databaseUrl = databaseOption(values.database ?? (process.env.TRACKDESK_DATABASE_URL || undefined));
  const blobStore = blobStoreOption(values['blob-store'] ?? (process.env.TRACKDESK_BLOB_STORE || undefined));
  if (positionals[0] === 'keys') {
    await runKeysCommand(positionals.slice(1), { dataDir, databaseUrl, user: values.user });
    return;
  }
  if (positionals[0] === 'migrate') {
    const { runMigrateCommand } = await import('./cli-migrate.ts');
    await runMigrateCommand(positionals.slice(1), { from: values.from, to: values.to, blobsTo: values['blobs-to'] });
    return;
  }
  const secretsKeys = secretsKeysFromEnv(process.env);
  if (positionals[0] === 'rotate-secrets-key') {
    const { runRotateSecretsKey } = await import('./cli-secrets.ts');
    await runRotateSecretsKey(positionals.slice(1), { dataDir, ...(databaseUrl === undefined ? {} : { databaseUrl }), secretsKeys });
    return;
  }
  if (positionals[0] === 'backup' || positionals[0] === 'restore') {
    const { runBackupCommand } = await import('./cli-backup.ts');
    const location = { dataDir, ...(databaseUrl === undefined ? {} : { databaseUrl }) };
    await runBackupCommand(positionals[0], positionals.slice(1), { ...location, blobStore, dataDirGiven: values['data-dir'] !== undefined, from: values.from, to: values.to });
    return;
  }
  if (positionals.length > 0) throw new UsageError(`Unknown command "${positionals.join(' ')}".`);
  let signIn: ReturnType<typeof ssoSettingsFrom>;
  let proxy: ReturnType<typeof proxySettingsFrom>;
  try {
    signIn = ssoSettingsFrom(values, process.env);
    proxy = proxySettingsFrom(values, process.env);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const bootstrapApiKey = bootstrapKeyOption(process.env.TRACKDESK_BOOTSTRAP_API_KEY || undefined);
  const bootstrapPassword = process.env.TRACKDESK_BOOTSTRAP_PASSWORD || 'generate';
  const starting = startServer({
    host: values.host,
    port: integerOption('port', values.port, 0, 65535) ?? 5170,
    dataDir,
    databaseUrl,
    blobStore,
    bootstrapApiKey,
    bootstrapPassword,
    secretsKeys,
    bodyLimitBytes: integerOption('body-limit', values['body-limit'], 1, Number.MAX_SAFE_INTEGER),
    uploadLimitBytes: integerOption('upload-limit', values['upload-limit'], 1, Number.MAX_SAFE_INTEGER),
    uploadsInFlight: integerOption('uploads-in-flight', values['uploads-in-flight'], 1, 10_000),
    throttle: throttleOption(values.throttle, values['throttle-off']),
    webhooksAllowPrivate: values['webhooks-allow-private'],
    allowSignUp: values['allow-sign-up'] || process.env.TRACKDESK_ALLOW_SIGN_UP === '1',
    ...signIn,
    ...proxy,
    backgroundTiles: { enabled: !values['no-background-tiles'] },
    instanceTimeoutMs: secondsOption('instance-timeout', values['instance-timeout']),
    logger: values.log,
  });
  handleShutdownSignals(starting);
  const server = await starting;
  if (server.generatedAdminKey) {
    process.stderr.write(`Admin API key (shown once, also in ${adminKeyFile(dataDir)}): ${server.generatedAdminKey}\n`);
  }
  if (server.generatedAdminPassword) {
    process.stderr.write(`Admin password (shown once, also in ${adminPasswordFile(dataDir)}): ${server.generatedAdminPassword}\n`);
  }
  process.stdout.write(`Trackdesk service listening on ${server.url}\n`);
}

/** SIGINT/SIGTERM close gracefully (installed before the listening line, so no signal finds the default handler); a second one exits at once. */
function handleShutdownSignals(starting: Promise<RunningServer>): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    starting
      .then((server) => server.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          process.stderr.write(`Shutdown after ${signal} failed: ${String(error)}\n`);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const usage = error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage ? 'See --help.\n' : ''}`);
  process.exit(usage ? 2 : 1);
});
