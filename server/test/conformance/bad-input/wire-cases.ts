import { gzipSync } from 'node:zlib';
import { buildRequest, type BaseRequest } from './base.ts';
import { badCase, type CaseGenerator } from './bad-case.ts';
import { bigString } from './bad-values.ts';
import { encodeJson } from './json-bytes.ts';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

let bomb: Buffer | undefined;
/** 24 KiB of gzip that inflates to 24 MiB of JSON whitespace (1.5× the default body limit; ratio 1000:1), made once. */
export const gzipBomb = (): Buffer => (bomb ??= gzipSync(Buffer.alloc(24 * 1024 * 1024, 0x20), { level: 9 }));

/** The valid body of the base request, or a small JSON document for endpoints that take none. */
const someBody = (base: BaseRequest) => buildRequest(base).body ?? Buffer.from('{"a":1}');

/** Cases about the request line, the headers, the key and the framing: the same for every endpoint. */
export const wireGenerators: Record<string, CaseGenerator> = {
  missingKey: (base) => (base.endpoint.public ? undefined : badCase('missing key', 'no Authorization header', buildRequest(base, { withKey: false }))),
  badKey: (base, random) => {
    const [label, headers]: [string, [string, string][]] = random.pick([
      ['a 10 KB key', [['Authorization', 'k'.repeat(10_000)]]],
      ['"Bearer <key>"', [['Authorization', `Bearer ${base.key}`]]],
      ['latin1 bytes in the key', [['Authorization', 'cl\xe9\xff-0123456789']]],
      ['two Authorization headers', [['Authorization', base.key], ['Authorization', 'wrong-key-0123456789']]],
      ['an unknown Comet-Sdk-Api key', [['Comet-Sdk-Api', 'wrong-key-0123456789']]],
    ]);
    return badCase('bad key', label, buildRequest(base, { withKey: false, headers }));
  },
  wrongMethod: (base, random) => {
    const answered = [base.endpoint.method, ...base.endpoint.alsoMethods];
    const method = random.pick(METHODS.filter((name) => !answered.includes(name as never)));
    return badCase('wrong method', method, buildRequest(base, { method }));
  },
  unknownMethod: (base, random) => {
    const method = random.pick(['FOO', 'get', 'G\xc9T', 'PRI', 'CONNECT']);
    return badCase('unknown method', method, buildRequest(base, { method }), false);
  },
  traversalInPath: (base, random) => {
    const path = random.pick([
      `${base.path}/../../../../etc/passwd`,
      `/api/rest/v2/../../../../etc/passwd`,
      `${base.path}/%2e%2e/%2e%2e/%2e%2e/etc/passwd`,
      `${base.path}%00`,
      `${base.path}/..%2f..%2f..%2fetc%2fpasswd`,
      `${base.path}/%ff%fe`,
      `${base.path}\\..\\..\\win.ini`,
    ]);
    return badCase('traversal in path', path, buildRequest(base, { path }));
  },
  overlongUrl: (base, random) => {
    const size = random.int(20_000, 2_000_000);
    return badCase('over-long URL', `${size} bytes of query`, buildRequest(base, { rawQuery: `pad=${'q'.repeat(size)}` }), false);
  },
  overlongHeader: (base, random) => {
    const size = random.int(20_000, 100_000);
    return badCase('over-long headers', `a ${size}-byte header`, buildRequest(base, { headers: [['X-Pad', 'h'.repeat(size)]] }), false);
  },
  manyHeaders: (base) =>
    badCase('over-long headers', '3000 headers', buildRequest(base, { headers: Array.from({ length: 3000 }, (_, i): [string, string] => [`X-H${i}`, 'v']) }), false),
  brokenFraming: (base, random) => {
    const body = someBody(base);
    const [label, headers, rawBody]: [string, [string, string][], Buffer] = random.pick([
      ['invalid chunk size', [['Transfer-Encoding', 'chunked']], Buffer.from('zz\r\nabc\r\n0\r\n\r\n')],
      ['Content-Length and chunked together', [['Content-Length', String(body.length)], ['Transfer-Encoding', 'chunked']], Buffer.from(`${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`)],
      ['Content-Length "abc"', [['Content-Length', 'abc']], body],
      ['Content-Length -1', [['Content-Length', '-1']], body],
      ['two different Content-Lengths', [['Content-Length', String(body.length)], ['Content-Length', '3']], body],
      ['a NUL byte in a header value', [['X-Nul', 'a\x00b'], ['Content-Length', String(body.length)]], body],
      ['a space in a header name', [['X Bad', 'v'], ['Content-Length', String(body.length)]], body],
    ]);
    return badCase('broken framing', label, { ...buildRequest(base, { body: null, headers }), rawBody }, false);
  },
  upgrade: (base, random) => {
    const protocol = random.pick(['websocket', 'h2c', 'garbage\xff']);
    const headers: [string, string][] = [['Connection', 'Upgrade'], ['Upgrade', protocol], ['Sec-WebSocket-Key', 'dGhlIHNhbXBsZSBub25jZQ=='], ['Sec-WebSocket-Version', '13']];
    return badCase('upgrade request', protocol, buildRequest(base, { headers }), false);
  },
  oddRequestLine: (base, random) => {
    const request = buildRequest(base);
    const [label, change]: [string, Partial<typeof request>] = random.pick([
      ['no Host header', { headers: request.headers.filter(([name]) => name !== 'Host') }],
      ['two Host headers', { headers: [...request.headers, ['Host', 'evil.example']] }],
      ['HTTP/1.0 without Host', { headers: request.headers.filter(([name]) => name !== 'Host'), version: '1.0' }],
      ['HTTP/2.0 in the request line', { version: '2.0' }],
      ['HTTP/1.1 with an absolute URL', { target: `http://127.0.0.1${request.target}` }],
      ['an asterisk target', { target: '*' }],
      ['Accept: application/xml', { headers: [...request.headers, ['Accept', 'application/xml']] }],
    ]);
    return badCase('odd request line or Host', label, { ...request, ...change }, false);
  },
  badRange: (base, random) => {
    if (base.endpoint.replyKind !== 'binary') return undefined;
    const range = random.pick(['bytes=999999999999999999999-', 'bytes=-0', 'bytes=5-1', 'bytes=0-0,1-1,2-2', 'bytes=-', 'bytes=a-b', 'items=0-1', 'bytes=0-1e308', `bytes=${'0-1,'.repeat(2000)}0-1`, 'bytes=-9007199254740993']);
    return badCase('bad Range', range.slice(0, 40), buildRequest(base, { headers: [['Range', range]] }));
  },
  expectation: (base, random) => {
    const expect = random.pick(['100-continue', 'something-else', '200-ok']);
    return badCase('Expect header', expect, buildRequest(base, { headers: [['Expect', expect]] }));
  },
  badEncoding: (base, random) => {
    const valid = someBody(base);
    const [label, encoding, body]: [string, string, Buffer] = random.pick([
      ['gzip header on a body that is not gzip', 'gzip', Buffer.from('not gzip at all, just text')],
      ['deflate header on a body that is not deflate', 'deflate', Buffer.from('not deflate either')],
      ['gzip cut in half', 'gzip', gzipSync(valid).subarray(0, Math.max(4, valid.length >> 1))],
      ['gzip of nothing', 'gzip', Buffer.alloc(0)],
      ['unsupported encoding br', 'br', valid],
      ['two encodings', 'gzip, deflate', gzipSync(valid)],
      ['unknown encoding', 'x-compress-\xff', valid],
    ]);
    return badCase('bad encoding', label, buildRequest(base, { body, headers: [['Content-Encoding', encoding]] }));
  },
  gzipBomb: (base) =>
    badCase('gzip bomb', 'gzip inflating to 24 MiB', buildRequest(base, { body: gzipBomb(), contentType: base.endpoint.bodyKind === 'none' ? 'application/json' : undefined, headers: [['Content-Encoding', 'gzip']] })),
  oversizeBody: (base, random) => {
    const size = random.int(17, 24) * 1024 * 1024;
    const chunked = random.chance(0.5);
    const body = encodeJson({ field: bigString(size) });
    const label = `${size >> 20} MiB body (over the 16 MiB limit)${chunked ? ', chunked' : ''}`;
    const request = buildRequest(base, { body: chunked ? null : body, contentType: base.endpoint.bodyKind === 'multipart' ? undefined : 'application/json', headers: chunked ? [['Transfer-Encoding', 'chunked']] : [] });
    const rawBody = chunked ? Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]) : undefined;
    return badCase('oversize body', label, rawBody ? { ...request, rawBody } : request);
  },
  bigBody: (base, random) => {
    const size = random.int(1, 10) * 1024 * 1024;
    const body = encodeJson({ field: bigString(size) });
    return badCase('large body', `${size >> 20} MB JSON body`, buildRequest(base, { body, contentType: 'application/json' }));
  },
};
