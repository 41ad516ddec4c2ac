import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../src/database/postgres-database.ts';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The control address of the run's PostgreSQL cluster (see test-database.ts); the cluster starts on its first request. */
    trackdeskPostgres: string;
  }
}

/** What a test file may ask the control server for: a new database, with the service's schema or empty. */
export type DatabaseSchema = 'migrated' | 'empty';

/** The database every `migrated` test database is copied from: the service's PostgreSQL migrations applied once. */
const TEMPLATE = 'trackdesk_template';

/**
 * The run's one throw-away cluster, started on first use: its start (initdb ~2 s) is paid only by runs that
 * contain a PostgreSQL test, and once however many files use it. Databases are numbered here, so names never clash.
 */
function lazyCluster() {
  let cluster: Promise<PostgresCluster> | undefined;
  let template: Promise<void> | undefined;
  let databases = 0;
  // Vitest ended early (Ctrl-C, a crash) skips the teardown but still exits: the cluster must not outlive it.
  let stopOnExit: (() => void) | undefined;
  const started = () =>
    (cluster ??= startPostgresCluster().then((running) => {
      stopOnExit = () => running.stopNow();
      process.once('exit', stopOnExit);
      return running;
    }));
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client((await started()).url());
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const buildTemplate = async () => {
    const url = await (await started()).createDatabase(TEMPLATE);
    await (await openPostgres(url, 1)).end();
    await admin((client) => client.query(`ALTER DATABASE ${TEMPLATE} WITH IS_TEMPLATE true`));
  };
  return {
    /** A new database's URL: a copy of the template (`migrated`) or of the cluster's empty template0 (`empty`). */
    async createDatabase(schema: DatabaseSchema): Promise<string> {
      if (schema === 'migrated') await (template ??= buildTemplate());
      const name = `test_${schema}_${String(++databases)}`;
      await admin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${schema === 'migrated' ? TEMPLATE : 'template0'}`));
      return (await started()).url(name);
    },
    adminUrl: async () => (await started()).url(),
    /** Stops the cluster if it was started (and removes its directory). */
    async stop() {
      const running = await cluster?.catch(() => undefined); // a failed start was reported to the tests that asked
      if (!running) return;
      if (stopOnExit) process.off('exit', stopOnExit);
      await running.stop();
    },
  };
}

/** Answers `GET <token>/admin` with the admin URL and `POST <token>/databases?schema=` with a new database's URL. */
function controlHandler(token: string, cluster: ReturnType<typeof lazyCluster>) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://control');
    const schema = url.searchParams.get('schema') ?? 'migrated';
    const route = `${request.method ?? ''} ${url.pathname}`;
    const work =
      route === `GET /${token}/admin`
        ? cluster.adminUrl()
        : route === `POST /${token}/databases` && (schema === 'migrated' || schema === 'empty')
          ? cluster.createDatabase(schema)
          : Promise.reject(new Error(`unknown request ${route}?${url.searchParams.toString()}`));
    work.then(
      (answer) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url: answer })),
      (error: unknown) => response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(error) })),
    );
  };
}

/**
 * Vitest globalSetup of the node project: a control server on 127.0.0.1 through which test files get PostgreSQL
 * databases of one cluster shared by the whole run (see test-database.ts). The cluster is stopped at the end.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const token = randomBytes(16).toString('hex');
  const cluster = lazyCluster();
  const server = createServer(controlHandler(token, cluster));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project.provide('trackdeskPostgres', `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/${token}`);
  return async () => {
    await new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections();
    });
    await cluster.stop();
  };
}
