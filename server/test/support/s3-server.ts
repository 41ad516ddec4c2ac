/**
 * A real S3-compatible server for the tests: moto_server (moto 5, Python) on 127.0.0.1 and a free port, one fresh bucket.
 * It keeps objects in memory and implements what the store uses: multipart uploads (create, part, complete, abort, list
 * uploads and parts), ranged GET, HEAD, DELETE and ListObjectsV2. Not covered: real AWS authentication (moto accepts
 * any key), consistency or throttling behaviour of a real store, part-size minimums across the last part, versioning.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { CreateBucketCommand, ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/** The environment a process needs to reach the server: AWS_REGION, credentials, AWS_ENDPOINT_URL_S3. */
export type S3Env = Record<string, string>;

/** A running server with its bucket. */
export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** A client on it (path-style). */
  client: S3Client;
  env: S3Env;
  /** The object keys in the bucket. */
  keys(): Promise<string[]>;
  /** The keys of unfinished multipart uploads in the bucket. */
  uploads(): Promise<string[]>;
  close(): Promise<void>;
}

/** A client with the test credentials for `endpoint`. */
export function testS3Client(endpoint: string, options: { maxAttempts?: number } = {}): S3Client {
  return new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'test', secretAccessKey: 'test' }, ...options });
}

/** moto_server as found on PATH, else where pyenv installs it (the machine image has moto in its Python 3.11; CI's PATH may lack the shims). */
function motoServer(): string {
  const candidates = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), join(homedir(), '.pyenv', 'shims')].map((dir) => join(dir, 'moto_server'));
  return candidates.find((path) => existsSync(path)) ?? 'moto_server';
}

/** Starts moto_server and creates bucket `bucket`; say so clearly when it is not installed. */
export async function startS3Server(bucket = 'trackdesk-test'): Promise<TestS3Server> {
  let child: ChildProcess;
  try {
    child = spawn(motoServer(), ['-H', '127.0.0.1', '-p', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    await once(child, 'spawn');
  } catch (error) {
    throw new Error(`The S3 tests need moto_server on PATH (Python package moto 5 with its server extra): ${(error as Error).message}`);
  }
  const endpoint = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const look = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /Running on (http:\/\/127\.0\.0\.1:\d+)/.exec(seen);
      if (match?.[1]) resolve(match[1]);
    };
    child.stderr?.on('data', look);
    child.stdout?.on('data', look);
    child.once('exit', (code) => reject(new Error(`moto_server exited with ${String(code)}: ${seen}`)));
  });
  child.stderr?.resume();
  child.stdout?.resume();
  const client = testS3Client(endpoint);
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint,
    bucket,
    client,
    env: { AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_ENDPOINT_URL_S3: endpoint },
    keys: async () => ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((object) => object.Key ?? ''),
    uploads: async () => ((await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }))).Uploads ?? []).map((upload) => upload.Key ?? ''),
    async close() {
      client.destroy();
      if (child.exitCode !== null) return;
      child.kill();
      await once(child, 'exit');
    },
  };
}
