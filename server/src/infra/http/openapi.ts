import type { INestApplication } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import {
  SwaggerModule,
  type OpenAPIObject,
  type OperationObject,
  type ParameterObject,
  type ReferenceObject,
  type RequestBodyObject,
  type ResponseObject,
  type SchemaObject,
} from '@nestjs/swagger';
import { z } from 'zod';
import { apiErrorBodySchema } from '#contract/common/answers.js';
import { apiDocsOf, isDocumentedPipe, type ApiDocs, type DocumentedPipe } from '#server/common/api-docs.js';

const COMPONENTS = '#/components/schemas/';
const JSON_TYPE = 'application/json';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

type Json = Record<string, unknown>;

/**
 * Contract schemas as OpenAPI 3.0 schemas: a schema named with `.meta({ id })` becomes a component
 * and is referred to by `$ref` wherever it appears. Requests are documented as sent (zod's input
 * side: strings before coercion, defaults optional), answers as they come back (the output side).
 */
class ComponentSchemas {
  readonly schemas: Record<string, SchemaObject> = {};

  convert(schema: z.ZodType, io: 'input' | 'output'): SchemaObject | ReferenceObject {
    const { definitions, $schema: _draft, id, ...top } = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as Json;
    for (const [name, definition] of Object.entries((definitions ?? {}) as Record<string, Json>)) this.add(name, definition);
    if (typeof id === 'string') {
      this.add(id, top);
      return { $ref: COMPONENTS + id };
    }
    return withComponentRefs(top) as SchemaObject;
  }

  /** One name, one schema: a name given to two different shapes (or one shape read as input and as output) is refused. */
  private add(name: string, definition: Json): void {
    const schema = withComponentRefs(definition) as SchemaObject;
    const known = this.schemas[name];
    if (known && JSON.stringify(known) !== JSON.stringify(schema)) throw new Error(`The API document names two different schemas ${name}`);
    this.schemas[name] = schema;
  }
}

/** zod writes references to its `definitions`; the document keeps them among its components. */
function withComponentRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withComponentRefs);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, key === '$ref' && typeof v === 'string' ? v.replace('#/definitions/', COMPONENTS) : withComponentRefs(v)]),
  );
}

interface RouteArgument {
  data?: unknown;
  pipes?: unknown[];
}

/** The route methods of every controller, by the operation id the document gives them (`Controller_method`). */
function routeMethods(app: INestApplication): Map<string, { pipes: (DocumentedPipe & { name?: string })[]; docs: ApiDocs }> {
  const methods = new Map<string, { pipes: (DocumentedPipe & { name?: string })[]; docs: ApiDocs }>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const key of Object.getOwnPropertyNames(prototype)) {
        const method = prototype[key];
        if (key === 'constructor' || typeof method !== 'function') continue;
        const id = `${controller.name}_${key}`;
        if (methods.has(id)) throw new Error(`Two controllers are named ${controller.name}: the API document cannot tell their calls apart`);
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, key) ?? {}) as Record<string, RouteArgument>;
        const pipes = Object.values(args).flatMap(({ data, pipes: argPipes = [] }) =>
          argPipes.filter(isDocumentedPipe).map(({ schema, location }) => ({ schema, location, name: typeof data === 'string' ? data : undefined })),
        );
        methods.set(id, { pipes, docs: apiDocsOf(method) });
      }
    }
  }
  return methods;
}

/** A parameter read from an object schema's property; its description moves up to the parameter. */
function parameterFrom(name: string, where: 'query' | 'path', schema: Json, required: boolean, known?: ParameterObject): ParameterObject {
  const { description, ...rest } = schema;
  return {
    ...known,
    name,
    in: where,
    required: where === 'path' || required,
    description: known?.description ?? (typeof description === 'string' ? description : undefined),
    schema: rest as SchemaObject,
  };
}

function setParameter(operation: OperationObject, parameter: ParameterObject): void {
  const others = (operation.parameters ?? []).filter((p) => !('name' in p) || p.name !== parameter.name || p.in !== parameter.in);
  operation.parameters = [...others, parameter];
}

function knownParameter(operation: OperationObject, name: string, where: string): ParameterObject | undefined {
  return (operation.parameters ?? []).find((p): p is ParameterObject => 'name' in p && p.name === name && p.in === where);
}

/** Each property of a query schema as a query parameter. */
function documentQuery(operation: OperationObject, components: ComponentSchemas, schema: z.ZodType, name?: string): void {
  const json = components.convert(schema, 'input') as Json;
  if (name !== undefined) {
    setParameter(operation, parameterFrom(name, 'query', json, !schema.safeParse(undefined).success, knownParameter(operation, name, 'query')));
    return;
  }
  // Nest lists a whole-object @Query() as one parameter of that type; its properties stand instead.
  operation.parameters = (operation.parameters ?? []).filter((p) => !('in' in p && p.in === 'query' && !p.name));
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const required = (json.required ?? []) as string[];
  for (const [property, propertySchema] of Object.entries(properties)) {
    setParameter(operation, parameterFrom(property, 'query', propertySchema, required.includes(property), knownParameter(operation, property, 'query')));
  }
}

function documentPath(operation: OperationObject, components: ComponentSchemas, schema: z.ZodType, name: string): void {
  const json = components.convert(schema, 'input') as Json;
  setParameter(operation, parameterFrom(name, 'path', json, true, knownParameter(operation, name, 'path')));
}

function documentBody(operation: OperationObject, components: ComponentSchemas, schema: z.ZodType): void {
  const known = operation.requestBody as RequestBodyObject | undefined;
  const types = Object.keys(known?.content ?? {}).filter((type) => type !== 'multipart/form-data');
  const converted = components.convert(schema, 'input');
  operation.requestBody = {
    description: known?.description,
    // ZodPipe reads a missing body as {}: the body is optional when {} passes.
    required: !schema.safeParse({}).success,
    content: Object.fromEntries((types.length ? types : [JSON_TYPE]).map((type) => [type, { schema: converted }])),
  };
}

function documentMultipart(operation: OperationObject, components: ComponentSchemas, { fields, files }: NonNullable<ApiDocs['multipart']>): void {
  const json = components.convert(fields, 'input') as Json;
  const schema = {
    ...json,
    properties: { ...(json.properties as Json), [files]: { type: 'array', items: { type: 'string', format: 'binary' } } },
    required: [...((json.required ?? []) as string[]), files],
  };
  operation.requestBody = { required: true, content: { 'multipart/form-data': { schema: schema as SchemaObject } } };
}

function documentAnswers(operation: OperationObject, components: ComponentSchemas, { answer, file }: ApiDocs): void {
  const errorBody = components.convert(apiErrorBodySchema, 'output');
  for (const [status, response] of Object.entries(operation.responses) as [string, ResponseObject][]) {
    if (file && /^2\d\d$/.test(status)) {
      const text = file.startsWith('text/');
      response.content = { [file]: { schema: { type: 'string', ...(text ? {} : { format: 'binary' }) } } };
    }
    if (answer && /^2\d\d$/.test(status) && status !== '204') {
      const schema = components.convert(answer.schema, 'output');
      response.content = { [JSON_TYPE]: { schema, ...(answer.example === undefined ? {} : { example: answer.example }) } };
    }
    // Every failure answers {"detail": ...} (HttpExceptionFilter).
    if (/^[45]\d\d$/.test(status) && !response.content) response.content = { [JSON_TYPE]: { schema: errorBody } };
  }
}

/**
 * The OpenAPI document: Nest's own from the decorators, with every schema taken from the contract. The
 * request schemas are those of the pipes that validate them; the answers those of `@ApiAnswer`.
 */
export function apiDocument(app: INestApplication, config: Omit<OpenAPIObject, 'paths'>): OpenAPIObject {
  const document = SwaggerModule.createDocument(app, config, { operationIdFactory: (controller, method) => `${controller}_${method}` });
  const methods = routeMethods(app);
  const components = new ComponentSchemas();
  for (const item of Object.values(document.paths)) {
    for (const verb of METHODS) {
      const operation = item[verb];
      const route = operation && methods.get(operation.operationId ?? '');
      if (!operation || !route) continue;
      const inputs = [...route.pipes, ...(route.docs.params ?? []).map(({ name, in: location, schema }) => ({ name, location, schema }))];
      for (const input of inputs) {
        if (input.location === 'body') documentBody(operation, components, input.schema);
        else if (input.location === 'query') documentQuery(operation, components, input.schema, input.name);
        else if (input.name) documentPath(operation, components, input.schema, input.name);
      }
      if (route.docs.multipart) documentMultipart(operation, components, route.docs.multipart);
      documentAnswers(operation, components, route.docs);
    }
  }
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ...components.schemas } };
  return document;
}
