import 'reflect-metadata';
import type { z } from 'zod';

/**
 * What the API document says about a call beyond Nest's own decorators: the contract schemas of its
 * answer and of the inputs it reads without a ZodPipe. `infra/http/openapi.ts` turns them into JSON
 * Schema when the document is built; the routes never change because of them.
 */
export interface ApiDocs {
  /** The JSON body of the call's 2xx answer(s), and an example of it. */
  answer?: { schema: z.ZodType; example?: unknown };
  /** Instead of JSON, the 2xx answer is a file of this media type (a CSV export, an image). */
  file?: string;
  /** A multipart body: its text fields (a contract schema of strings) and the field its files come under. */
  multipart?: { fields: z.ZodType; files: string };
  /** Query and path parameters read without a ZodPipe (checked in a service or the handler). */
  params?: { name: string; in: 'query' | 'path'; schema: z.ZodType }[];
}

const API_DOCS = 'screamstage:api-docs';

function addDocs(add: (docs: ApiDocs) => ApiDocs): MethodDecorator {
  return (_target, _key, descriptor) => {
    const method = descriptor.value as object;
    Reflect.defineMetadata(API_DOCS, add(apiDocsOf(method)), method);
    return descriptor;
  };
}

/** The documentation a route method carries (empty when none). */
export function apiDocsOf(method: object): ApiDocs {
  return (Reflect.getMetadata(API_DOCS, method) as ApiDocs | undefined) ?? {};
}

/** `@ApiAnswer(contestSchema)`: the JSON body of the call's success answer (the status and its words stay on `@ApiOkResponse` and the like). */
export const ApiAnswer = <S extends z.ZodType>(schema: S, options: { example?: z.output<S> } = {}) =>
  addDocs((docs) => ({ ...docs, answer: { schema, example: options.example } }));

/** `@ApiFileAnswer('text/csv')`: the success answer is a file of that type, not JSON. */
export const ApiFileAnswer = (mediaType: string) => addDocs((docs) => ({ ...docs, file: mediaType }));

/** A multipart/form-data body: the contract schema its text fields are checked with, and the field of its files. */
export const ApiMultipartBody = (fields: z.ZodType, files: string) => addDocs((docs) => ({ ...docs, multipart: { fields, files } }));

/** A query parameter the call reads as it is and checks itself (or in its service), with the contract schema of what it accepts. */
export const ApiQueryParam = (name: string, schema: z.ZodType) =>
  addDocs((docs) => ({ ...docs, params: [...(docs.params ?? []), { name, in: 'query', schema }] }));

/** A path parameter the call reads as it is and checks itself (or in its service), with the contract schema of what it accepts. */
export const ApiPathParam = (name: string, schema: z.ZodType) =>
  addDocs((docs) => ({ ...docs, params: [...(docs.params ?? []), { name, in: 'path', schema }] }));

/** A pipe that validates with a contract schema: ZodPipe, IdPipe, UsernamePipe. The document reads it back. */
export interface DocumentedPipe {
  readonly schema: z.ZodType;
  readonly location: 'body' | 'query' | 'path';
}

export function isDocumentedPipe(pipe: unknown): pipe is DocumentedPipe {
  if (typeof pipe !== 'object' || pipe === null) return false;
  const { schema, location } = pipe as Partial<DocumentedPipe>;
  return typeof schema === 'object' && schema !== null && '_zod' in schema && (location === 'body' || location === 'query' || location === 'path');
}
