import { gzipSync } from 'node:zlib';
import { BOUNDARY, buildRequest, encodeMultipart, validParts, type FormPart } from './base.ts';
import { badCase, type CaseGenerator } from './bad-case.ts';

const FORM = `multipart/form-data; boundary=${BOUNDARY}`;

const TRAVERSAL_NAMES = [
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '/etc/passwd',
  'C:\\Windows\\system.ini',
  '....//....//etc/passwd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  'a\x00.txt',
  '',
  '.',
  '..',
  'con',
  'n'.repeat(5000),
  'caf\xe9\xff.txt',
];

const filePart = (change: Partial<FormPart>): FormPart => ({ ...(validParts()[0] as FormPart), ...change });

/** Cases about multipart uploads: framing, boundaries, part headers and file names. */
export const multipartGenerators: Record<string, CaseGenerator> = {
  brokenBoundary: (base, random) => {
    const valid = encodeMultipart(validParts());
    const [label, contentType, body]: [string, string | null, Buffer] = random.pick([
      ['no boundary parameter', 'multipart/form-data', valid],
      ['a boundary the body does not use', 'multipart/form-data; boundary=other-boundary', valid],
      ['an empty boundary', 'multipart/form-data; boundary=""', valid],
      ['a 200-character boundary', `multipart/form-data; boundary=${'b'.repeat(200)}`, encodeMultipart(validParts(), 'b'.repeat(200))],
      ['no Content-Type', null, valid],
      ['multipart/mixed', `multipart/mixed; boundary=${BOUNDARY}`, valid],
      ['JSON instead of a form', 'application/json', Buffer.from('{"file":"x"}')],
    ]);
    return badCase('malformed multipart', label, buildRequest(base, { contentType, body }));
  },
  truncatedMultipart: (base, random) => {
    const valid = encodeMultipart(validParts());
    const [label, body]: [string, Buffer] = random.pick([
      ['cut inside the part', valid.subarray(0, random.int(10, valid.length - 20))],
      ['no closing boundary', encodeMultipart(validParts(), BOUNDARY, false)],
      ['only the opening boundary', Buffer.from(`--${BOUNDARY}\r\n`)],
      ['an empty body', Buffer.alloc(0)],
      ['garbage, no boundary at all', Buffer.from('this is not a multipart body')],
      ['part headers never end', Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n`)],
    ]);
    return badCase('truncated multipart', label, buildRequest(base, { contentType: FORM, body }));
  },
  badPartHeaders: (base, random) => {
    const [label, parts]: [string, FormPart[]] = random.pick([
      ['a part without Content-Disposition', [filePart({ headers: ['Content-Type: text/plain'] })]],
      ['a part without a name', [filePart({ name: undefined })]],
      ['a 100 KB part header', [filePart({ headers: [`Content-Disposition: form-data; name="file"; filename="${'f'.repeat(100_000)}"`] })]],
      ['two "file" parts', [filePart({}), filePart({ filename: 'second.txt' })]],
      ['base64 transfer encoding', [filePart({ headers: ['Content-Disposition: form-data; name="file"; filename="a.txt"', 'Content-Transfer-Encoding: base64'], data: '!!!not base64!!!' })]],
      ['2000 empty fields', [...Array.from({ length: 2000 }, (_, i): FormPart => ({ name: `f${i}`, data: '' })), filePart({})]],
      ['a 2 MB metadata part', [{ name: 'metadata', data: 'm'.repeat(2 * 1024 * 1024) }, filePart({})]],
      ['a 2 MB metadata file part', [{ name: 'metadata', filename: 'm.json', data: 'm'.repeat(2 * 1024 * 1024) }, filePart({})]],
      ['a link part with NUL', [{ name: 'link', data: 'https://example.com/\u0000' }, filePart({})]],
      ['no file part', [{ name: 'metadata', data: '{}' }]],
    ]);
    return badCase('malformed multipart', label, buildRequest(base, { contentType: FORM, body: encodeMultipart(parts) }));
  },
  traversalInFileName: (base, random) => {
    const filename = random.pick(TRAVERSAL_NAMES);
    const viaQuery = random.chance(0.5) && 'fileName' in base.queryFields;
    const request = viaQuery
      ? buildRequest(base, { query: { ...base.query, fileName: filename } })
      : buildRequest(base, { contentType: FORM, body: encodeMultipart([filePart({ filename })]) });
    return badCase('traversal in file name', `${viaQuery ? 'query' : 'part'} ${JSON.stringify(filename.slice(0, 40))}`, request);
  },
  encodedForm: (base, random) => {
    const valid = encodeMultipart(validParts());
    const [label, encoding, body]: [string, string, Buffer] = random.pick([
      ['gzip header on a form that is not gzip', 'gzip', valid],
      ['a gzipped form cut in half', 'gzip', gzipSync(valid).subarray(0, 20)],
      ['a gzipped form', 'gzip', gzipSync(valid)],
    ]);
    return badCase('bad encoding', label, buildRequest(base, { contentType: FORM, body, headers: [['Content-Encoding', encoding]] }));
  },
};
