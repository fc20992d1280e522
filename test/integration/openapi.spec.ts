// The API document (/api/docs-json) describes every call with schemas built from the contract: each
// request body, query and path parameter, and each call's success answer; failures share ApiErrorBody.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Ajv, type ValidateFunction } from 'ajv';
import { createAccounts, daysFromNow, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

type Json = Record<string, unknown>;
interface MediaType {
  schema?: Json;
  example?: unknown;
}
interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; schema?: Json }[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { description?: string; content?: Record<string, MediaType> }>;
}
interface ApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json> };
}

/**
 * The calls whose success answer is not JSON, with what they answer instead. Any other call without a
 * JSON schema on a 2xx answer fails the test.
 */
const NOT_JSON: Record<string, string> = {
  'GET /api/v1/admin/votes/export': 'text/csv',
  'GET /api/v1/admin/payments/export': 'text/csv',
  'GET /api/v1/admin/contests/{id}/participants': 'text/csv',
  'GET /api/v1/share-cards/{file}': 'image/png',
};

/** Browser navigations that answer a redirect (a sign-in's start and its provider's return), documented as such. */
const REDIRECTS: Record<string, string> = {
  'GET /api/v1/auth/oidc/{provider}/start': '302',
  'GET /api/v1/auth/oidc/{provider}/callback': '303',
  'POST /api/v1/auth/oidc/{provider}/callback': '303',
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function operationsOf(doc: ApiDocument): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as [string, Operation]),
  );
}

function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, v]) => (key === '$ref' && typeof v === 'string' ? [v] : refsIn(v)));
}

/** OpenAPI 3.0's `nullable` as the JSON Schema Ajv reads (a `null` alternative). */
function asJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asJsonSchema);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? v : asJsonSchema(v)] as const);
  const { nullable, ...rest } = Object.fromEntries(entries) as Json;
  return nullable === true ? { anyOf: [rest, { type: 'null' }] } : rest;
}

describe('the API document', () => {
  let t: TestServer;
  let doc: ApiDocument;
  let ajv: Ajv;

  beforeAll(async () => {
    t = await startTestServer();
    doc = (await (await fetch(`${t.baseUrl}/api/docs-json`)).json()) as ApiDocument;
    ajv = new Ajv({ strict: false, allErrors: true });
    ajv.addSchema({ components: asJsonSchema(doc.components) }, 'doc');
  });
  afterAll(async () => {
    await t.stop();
  });

  /** Validates against the schema the document gives this call's answer of `status`. */
  function answerValidator(key: string, status: string): ValidateFunction {
    const [method, path] = key.split(' ');
    const schema = doc.paths[path][method.toLowerCase()].responses[status]?.content?.[JSON_TYPE]?.schema;
    if (!schema) throw new Error(`${key} documents no JSON answer for ${status}`);
    return ajv.compile(asJsonSchema(JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"doc#/components'))) as Json);
  }

  it('should give every call a JSON schema for its success answer, or name what else it answers', () => {
    const missing = operationsOf(doc).flatMap(([key, op]) => {
      const success = Object.entries(op.responses).filter(([status]) => /^2\d\d$/.test(status));
      if (key in REDIRECTS) return op.responses[REDIRECTS[key]] ? [] : [`${key}: no ${REDIRECTS[key]} answer`];
      if (key in NOT_JSON) return success.some(([, r]) => r.content?.[NOT_JSON[key]]) ? [] : [`${key}: no ${NOT_JSON[key]} answer`];
      return success.some(([, r]) => r.content?.[JSON_TYPE]?.schema) ? [] : [key];
    });
    expect(missing).toEqual([]);
  });

  it('should give every request body and parameter a schema, not only the type Nest guesses', () => {
    // A bare {type: 'object'} is what Nest writes for a body no contract schema describes.
    const described = (schema?: Json) => !!schema && (!!schema.$ref || !!schema.anyOf || (schema.type === 'object' ? !!schema.properties : !!schema.type));
    const missing = operationsOf(doc).flatMap(([key, op]) => {
      const path = key.split(' ')[1];
      const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      return [
        ...Object.entries(op.requestBody?.content ?? {})
          .filter(([, media]) => !described(media.schema))
          .map(([type]) => `${key} body ${type}`),
        ...(op.parameters ?? []).filter((p) => !p.name || !described(p.schema)).map((p) => `${key} ${p.in} ${p.name}`),
        ...pathNames.filter((name) => !op.parameters?.some((p) => p.in === 'path' && p.name === name)).map((name) => `${key} path ${name} undocumented`),
      ];
    });
    expect(missing).toEqual([]);
  });

  it('should resolve every $ref to a component', () => {
    const unresolved = refsIn(doc).filter((ref) => !(ref.startsWith('#/components/schemas/') && ref.slice(21) in doc.components.schemas));
    expect(unresolved).toEqual([]);
  });

  it('should answer failures with the shared ApiErrorBody', () => {
    const others = operationsOf(doc).flatMap(([key, op]) =>
      Object.entries(op.responses)
        .filter(([status]) => /^[45]\d\d$/.test(status))
        .filter(([, r]) => r.content?.[JSON_TYPE]?.schema?.$ref !== '#/components/schemas/ApiErrorBody')
        .map(([status]) => `${key} ${status}`),
    );
    expect(others).toEqual([]);
    expect(doc.components.schemas.ApiErrorBody).toBeDefined();
  });

  it('should keep serving the page that shows the document', async () => {
    const res = await fetch(`${t.baseUrl}/api/docs`);
    expect({ status: res.status, type: res.headers.get('content-type') }).toEqual({ status: 200, type: expect.stringContaining('text/html') });
  });

  it('should give examples that fit their own schemas', () => {
    const examples = operationsOf(doc).flatMap(([key, op]) =>
      Object.entries(op.responses).flatMap(([status, r]) =>
        r.content?.[JSON_TYPE]?.example === undefined ? [] : [[key, status, r.content[JSON_TYPE].example] as const],
      ),
    );
    expect(examples.map(([key]) => key)).toEqual(
      expect.arrayContaining([
        'POST /api/v1/auth/register-contestant',
        'POST /api/v1/auth/login',
        'POST /api/v1/contestants/{username}/vote',
        'GET /api/v1/contestants/{username}',
        'GET /api/v1/groups/{groupId}/leaderboard',
        'GET /api/v1/contests/all-contests',
        'POST /api/v1/contestants/{username}/buy-votes',
      ]),
    );
    for (const [key, status, example] of examples) {
      const validate = answerValidator(key, status);
      expect({ key, valid: validate(example), errors: validate.errors }).toEqual({ key, valid: true, errors: null });
    }
  });

  describe('real answers', () => {
    let contestant: TestAccount;
    let groupId: number;

    beforeAll(async () => {
      const contestId = await insertContest(t, { isCurrent: true, endDate: daysFromNow(10) });
      [contestant] = await createAccounts(t, 'doc', 1, 'contestant', ['/uploads/pictures/doc.jpg']);
      const joined = await join(t, contestant, contestId);
      groupId = ((await joined.json()) as { group_id: number }).group_id;
    });

    /** Calls the API and checks the answer against the schema the document gives that call and status. */
    async function expectDocumented(key: string, url: string, init: RequestInit = {}): Promise<void> {
      const res = await fetch(`${t.baseUrl}${url}`, init);
      const status = String(res.status);
      const body: unknown = await res.json();
      const validate = answerValidator(key, status);
      expect({ key, status, valid: validate(body), errors: validate.errors }).toEqual({ key, status, valid: true, errors: null });
    }

    it('should answer as documented for the public calls', async () => {
      await expectDocumented('GET /api/v1/site', '/api/v1/site');
      await expectDocumented('GET /api/v1/health', '/api/v1/health');
      await expectDocumented('GET /api/v1/contests/all-contests', '/api/v1/contests/all-contests');
      await expectDocumented('GET /api/v1/contestants/{username}', `/api/v1/contestants/${contestant.username}`);
      await expectDocumented('GET /api/v1/groups/{groupId}/leaderboard', `/api/v1/groups/${groupId}/leaderboard`);
      await expectDocumented('GET /api/v1/groups/all-contestants', '/api/v1/groups/all-contestants');
      await expectDocumented('GET /api/v1/groups/{groupId}/contestants', `/api/v1/groups/${groupId}/contestants`);
      await expectDocumented('POST /api/v1/contestants/{username}/vote', `/api/v1/contestants/${contestant.username}/vote`, { method: 'POST' });
    });

    it('should answer as documented for a signed-in contestant', async () => {
      const auth = { headers: { authorization: `Bearer ${contestant.token}` } };
      await expectDocumented('GET /api/v1/users/me', '/api/v1/users/me', auth);
      await expectDocumented('GET /api/v1/contestants/my-profile', '/api/v1/contestants/my-profile', auth);
    });

    it('should answer failures as ApiErrorBody: words, or a 422 list', async () => {
      await expectDocumented('GET /api/v1/contestants/{username}', '/api/v1/contestants/nobody_here');
      await expectDocumented('POST /api/v1/auth/login', '/api/v1/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: '' }),
      });
    });
  });
});

const JSON_TYPE = 'application/json';
