import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { plainList } from '../../../shared/api/plain-list.ts';

describe('plainList', () => {
  const values = z.array(z.union([z.number(), z.string(), z.null()]));
  const numbers = z.array(z.number().nullable());
  const tags = z.array(z.array(z.string()));

  it('writes the JSON Schema zod writes for the list', () => {
    for (const list of [values, numbers, tags, z.array(z.string()), z.array(z.number().int())]) {
      // As the OpenAPI document is written (shared/api/openapi.ts).
      const options = { target: 'draft-2020-12', unrepresentable: 'any' } as const;
      expect(z.toJSONSchema(plainList(list), options)).toEqual(z.toJSONSchema(list, options));
    }
  });

  it('takes and refuses what the element-by-element check takes and refuses', () => {
    const samples: [z.ZodArray, unknown][] = [
      [values, [1, 'adam', null, 0.5]],
      [values, [1, true]],
      [values, [{}]],
      [values, 'not a list'],
      [numbers, [1, null, 2.5]],
      [numbers, [1, '2']],
      [numbers, [Number.NaN]],
      [numbers, [Number.POSITIVE_INFINITY]],
      [tags, [['a', 'b'], []]],
      [tags, [['a', 1]]],
      [tags, ['a']],
      [z.array(z.string()), [null]],
      [z.array(z.number().int()), [1, 2, -3]],
      [z.array(z.number().int()), [1.5]],
      [z.array(z.number().int()), [2 ** 60]],
    ];
    for (const [list, sample] of samples) expect([sample, plainList(list).safeParse(sample).success]).toEqual([sample, list.safeParse(sample).success]);
  });

  it('says where a reply is wrong', () => {
    const reply = z.object({ columns: z.array(z.object({ min: plainList(numbers) })) }).safeParse({ columns: [{ min: [1, 'x'] }] });
    expect(reply.success).toBe(false);
    expect(reply.error?.issues[0]?.path).toEqual(['columns', 0, 'min']);
    expect(reply.error?.issues[0]?.message).toBe('must be a list of {"type":["number","null"]}');
  });

  it('refuses a list it cannot check in one pass', () => {
    expect(() => plainList(z.array(z.object({ a: z.string() })))).toThrow(/texts, numbers and nulls/);
    expect(() => plainList(z.array(z.boolean()))).toThrow(/texts, numbers and nulls/);
  });
});
