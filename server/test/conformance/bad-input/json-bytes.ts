/** Bytes to put in a JSON document as they are: invalid UTF-8, NaN, 1e309, deep nesting... things JSON.stringify cannot write. */
export class RawJson {
  readonly bytes: Buffer;
  /** Says what the bytes are, for failure reports. */
  readonly note: string;
  constructor(bytes: Buffer, note: string) {
    this.bytes = bytes;
    this.note = note;
  }
}

/** A raw JSON fragment from text (latin1, so any byte can be written). */
export const raw = (text: string, note = text.slice(0, 40)): RawJson => new RawJson(Buffer.from(text, 'latin1'), note);

/** A JSON string literal holding bytes that are not UTF-8. */
export const invalidUtf8String = (): RawJson => new RawJson(Buffer.from([0x22, 0x61, 0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0x22]), 'string with invalid UTF-8');

/** Arrays nested `depth` deep. */
export const deepArrays = (depth: number): RawJson => raw(`${'['.repeat(depth)}${']'.repeat(depth)}`, `arrays nested ${depth} deep`);

/** Objects nested `depth` deep. */
export const deepObjects = (depth: number): RawJson => raw(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`, `objects nested ${depth} deep`);

/** Encodes a value as JSON bytes, writing every RawJson inside it verbatim. */
export function encodeJson(value: unknown): Buffer {
  const raws: RawJson[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof RawJson) {
      raws.push(item);
      return `\u0001raw#${raws.length - 1}\u0001`;
    }
    return item;
  });
  if (text === undefined) return Buffer.alloc(0);
  if (raws.length === 0) return Buffer.from(text, 'utf8');
  const pieces = text.split(/"\\u0001raw#(\d+)\\u0001"/);
  return Buffer.concat(pieces.map((piece, index) => (index % 2 === 1 ? (raws[Number(piece)] as RawJson).bytes : Buffer.from(piece, 'utf8'))));
}
