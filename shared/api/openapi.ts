import { z } from 'zod';
import { fullPath, type Endpoint } from './define.ts';
import { errorReply } from './fields.ts';

/** A JSON Schema object as produced by zod. */
type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io });
  return rest;
};

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

function parametersIn(schema: z.ZodType, where: 'path' | 'query'): JsonSchema[] {
  const json = toSchema(schema, 'output');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, in: where, required: where === 'path' || required.has(name), schema: property }));
}

function requestBody(endpoint: Endpoint): JsonSchema | undefined {
  if (endpoint.bodyKind === 'none') return undefined;
  if (endpoint.bodyKind === 'multipart') {
    return { required: true, content: { 'multipart/form-data': { schema: toSchema(endpoint.body, 'input') } } };
  }
  return { required: true, content: json(toSchema(endpoint.body, 'input')) };
}

function operation(name: string, endpoint: Endpoint): JsonSchema {
  const success =
    endpoint.status === 204
      ? { description: 'No content' }
      : endpoint.replyKind === 'binary'
        ? { description: 'The bytes', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }
        : { description: 'Success', content: json(toSchema(endpoint.reply, 'output')) };
  const body = requestBody(endpoint);
  return {
    operationId: name,
    summary: endpoint.summary,
    tags: [endpoint.group],
    'x-endpoint-id': endpoint.id,
    parameters: [...parametersIn(endpoint.params, 'path'), ...parametersIn(endpoint.query, 'query')],
    ...(body ? { requestBody: body } : {}),
    security: endpoint.public ? [] : [{ apiKey: [] }, { sdkApiKey: [] }],
    responses: {
      [String(endpoint.status)]: success,
      ...(endpoint.accepted ? { '202': { description: 'Held back: promotion request filed', content: json(toSchema(endpoint.accepted, 'output')) } } : {}),
      default: { description: 'Error: {msg, code, sdk_error_code}', content: json(toSchema(errorReply, 'output')) },
    },
  };
}

/** `GET` → `Get`, for the operationId of an endpoint's further method. */
const methodName = (method: string) => method.charAt(0) + method.slice(1).toLowerCase();

/** Builds the OpenAPI 3.1 document of the wire contract. */
export function buildOpenApi(contract: Record<string, Endpoint>, version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, endpoint] of Object.entries(contract)) {
    for (const path of [fullPath(endpoint), ...endpoint.aliases]) {
      const pathName = path === fullPath(endpoint) ? name : `${name}Alias`;
      paths[path] ??= {};
      paths[path][endpoint.method.toLowerCase()] = operation(pathName, endpoint);
      for (const method of endpoint.alsoMethods) paths[path][method.toLowerCase()] = operation(`${pathName}Via${methodName(method)}`, endpoint);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Trackdesk tracking service (v2 REST API)',
      version,
      description: 'Generated from shared/api by `npm run openapi`. Do not edit by hand.',
    },
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'The raw API key, no Bearer prefix.' },
        sdkApiKey: { type: 'apiKey', in: 'header', name: 'Comet-Sdk-Api' },
      },
    },
    paths,
  };
}
