import { connect, type Socket } from 'node:net';

/** A request written byte for byte: nothing is checked or fixed, so it can be as malformed as a hostile client sends. */
export interface RawRequest {
  method: string;
  /** The request target (path and query), written as latin1 so any byte can be sent. */
  target: string;
  /** Header lines in order; a name may repeat. `Content-Length` is added for a body unless one is given or `chunked` is set. */
  headers: [string, string][];
  body?: Buffer;
  /** Write the body as this exact text instead (e.g. broken chunked encoding); no Content-Length is added. */
  rawBody?: Buffer;
  /** The HTTP version in the request line; 1.1 when absent. */
  version?: string;
}

/** A parsed reply. */
export interface RawReply {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
}

/** How much of a request is written at a time. */
const CHUNK = 64 * 1024;

/** Why a request got no reply: the socket closed or reset first, or the time ran out. */
export class NoReplyError extends Error {}

/** Serializes a request to the bytes on the wire. */
function encodeRequest(request: RawRequest): Buffer {
  const headers = [...request.headers];
  const named = (name: string) => headers.some(([header]) => header.toLowerCase() === name);
  if (request.body && !request.rawBody && !named('content-length') && !named('transfer-encoding')) {
    headers.push(['Content-Length', String(request.body.length)]);
  }
  const head = `${request.method} ${request.target} HTTP/${request.version ?? '1.1'}\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), request.rawBody ?? request.body ?? Buffer.alloc(0)]);
}

/** Reads one HTTP/1.1 reply from a growing buffer; undefined until it is complete. `ended`: the peer closed. */
function parseReply(data: Buffer, ended: boolean): { reply: RawReply; rest: Buffer } | undefined {
  const headEnd = data.indexOf('\r\n\r\n');
  if (headEnd < 0) return undefined;
  const [statusLine = '', ...lines] = data.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  let rest = data.subarray(headEnd + 4);
  if (status >= 100 && status < 200) return parseReply(rest, ended);
  if (status === 204 || status === 304) return { reply: { status, headers, body: Buffer.alloc(0) }, rest };
  if (headers['transfer-encoding']?.toLowerCase().includes('chunked')) {
    const chunks: Buffer[] = [];
    for (;;) {
      const lineEnd = rest.indexOf('\r\n');
      if (lineEnd < 0) return undefined;
      const size = parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
      if (rest.length < lineEnd + 2 + size + 2) return undefined;
      if (size === 0) return { reply: { status, headers, body: Buffer.concat(chunks) }, rest: rest.subarray(lineEnd + 4) };
      chunks.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      rest = rest.subarray(lineEnd + 2 + size + 2);
    }
  }
  const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
  if (length === undefined) return ended ? { reply: { status, headers, body: rest }, rest: Buffer.alloc(0) } : undefined;
  if (rest.length < length) return undefined;
  return { reply: { status, headers, body: rest.subarray(0, length) }, rest: rest.subarray(length) };
}

/** One TCP connection to the service, sending requests one after another on it (keep-alive). */
export class RawConnection {
  private readonly socket: Socket;
  private data: Buffer = Buffer.alloc(0);
  private ended = false;
  private failure: Error | undefined;
  private wake: () => void = () => {};

  constructor(port: number, host = '127.0.0.1') {
    this.socket = connect({ port, host });
    this.socket.on('data', (chunk: Buffer) => {
      this.data = Buffer.concat([this.data, chunk]);
      this.wake();
    });
    this.socket.on('end', () => {
      this.ended = true;
      this.wake();
    });
    this.socket.on('close', () => {
      this.ended = true;
      this.wake();
    });
    this.socket.on('error', (error) => {
      this.failure = error;
      this.ended = true;
      this.wake();
    });
  }

  /** True once the service closed (or reset) the connection. */
  get closed(): boolean {
    return this.ended;
  }

  /** Writes the request and resolves with the reply; rejects with NoReplyError on close, reset or timeout. */
  send(request: RawRequest, timeoutMs: number): Promise<RawReply> {
    const bytes = encodeRequest(request);
    return new Promise<RawReply>((resolve, reject) => {
      const timer = setTimeout(() => finish(new NoReplyError(`no reply within ${timeoutMs} ms`)), timeoutMs);
      const finish = (outcome: RawReply | Error) => {
        clearTimeout(timer);
        this.wake = () => {};
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      this.wake = () => {
        const parsed = parseReply(this.data, this.ended);
        if (parsed) {
          this.data = parsed.rest;
          return finish(parsed.reply);
        }
        if (this.ended) finish(new NoReplyError(`connection closed before a complete reply${this.failure ? ` (${this.failure.message})` : ''}`));
      };
      if (this.ended) return this.wake();
      // Like most HTTP clients (Python's http.client, urllib3), write the whole request before reading the reply: a
      // service that answers early (401, 413) and closes must let the client finish writing, or the reply is lost.
      this.socket.pause();
      this.writeInChunks(bytes)
        .then(() => {
          this.socket.resume();
          this.wake();
        })
        .catch(() => this.wake());
    });
  }

  /** Writes 64 KiB at a time, each after the previous one left (as a client streaming a file does); stops at an error. */
  private async writeInChunks(bytes: Buffer): Promise<void> {
    for (let offset = 0; offset < bytes.length || offset === 0; offset += CHUNK) {
      const written = await new Promise<boolean>((resolve) => this.socket.write(bytes.subarray(offset, offset + CHUNK), (error) => resolve(!error)));
      if (!written || this.ended) return;
    }
  }

  /** Closes the connection from this side. */
  close(): void {
    this.socket.destroy();
  }
}
