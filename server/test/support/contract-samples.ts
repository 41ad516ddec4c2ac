import { z } from 'zod';
import type { Endpoint } from '../../../shared/api/index.ts';

/** A JSON Schema node as zod emits it. */
type Schema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  format?: string;
  /** Example values the contract gives (a field whose shape no generic sample fits, e.g. a loopback address). */
  examples?: unknown[];
};

/** The JSON Schema of an input (query or body) of an endpoint, as a caller sends it. */
export const inputSchema = (schema: z.ZodType): Schema => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema;

/** Required property names of an object schema. */
export const requiredFields = (schema: Schema): string[] => schema.required ?? [];

function sampleString(schema: Schema): string {
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/hook';
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema.pattern && /\\d|0-9/.test(schema.pattern) && /\./.test(schema.pattern)) return '1.0.0';
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

/** A value of the schema's shape, with every required property filled (valid for simple schemas). */
export function sampleValue(schema: Schema): unknown {
  if ('const' in schema) return schema.const;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.enum?.length) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sampleValue(options.find((option) => option.type !== 'null') ?? options[0] ?? {});
  if (schema.allOf?.[0]) return sampleValue(schema.allOf[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 0, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => sampleValue(schema.items ?? {}));
    case 'object':
      return Object.fromEntries(requiredFields(schema).map((name) => [name, sampleValue(schema.properties?.[name] ?? {})]));
    default:
      return 'x';
  }
}

/** For each required query/body field: the endpoint's input with just that field left out. */
export function inputsMissingOneField(endpoint: Endpoint): { field: string; where: 'query' | 'body'; query: Record<string, unknown>; body: unknown }[] {
  const querySchema = inputSchema(endpoint.query);
  const query = sampleValue(querySchema) as Record<string, unknown>;
  const bodySchema = endpoint.bodyKind === 'json' ? inputSchema(endpoint.body) : undefined;
  const body = bodySchema ? (sampleValue(bodySchema) as Record<string, unknown>) : undefined;
  const without = (value: Record<string, unknown>, field: string) => Object.fromEntries(Object.entries(value).filter(([name]) => name !== field));
  return [
    ...requiredFields(querySchema).map((field) => ({ field, where: 'query' as const, query: without(query, field), body })),
    ...(bodySchema && body ? requiredFields(bodySchema).map((field) => ({ field, where: 'body' as const, query, body: without(body, field) })) : []),
  ];
}
