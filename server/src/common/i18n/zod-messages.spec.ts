import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { detailIn } from '#server/common/http/answer-language.js';
import { zodIssuesToItems } from '#server/common/errors.js';
import { safeParseSaid, zodOwnMessageIn } from './zod-messages.js';

describe('zod messages in the languages the site speaks', () => {
  const schema = z.object({
    count: z.number(),
    nested: z.object({ kind: z.enum(['a', 'b']) }),
    name: z.string().min(1, 'A name is required'),
  });

  it("should keep zod's English and carry its Portuguese only for the problems zod words itself", () => {
    const result = safeParseSaid(schema, { count: 'x', nested: { kind: 'c' }, name: '' });
    expect(result.success).toBe(false);
    const items = zodIssuesToItems(result.error!.issues, 'body');
    expect(items.map((i) => [i.loc.join('.'), i.msg, zodOwnMessageIn(i, 'pt-BR') ?? null])).toEqual([
      ['body.count', 'Invalid input: expected number, received string', 'Entrada inválida: esperava um número, recebeu um texto'],
      ['body.nested.kind', 'Invalid option: expected one of "a"|"b"', 'Opção inválida: esperava uma das seguintes opções: "a"|"b"'],
      ['body.name', 'A name is required', null],
    ]);
    // English answers are exactly zod's and the schema's words; the marks are never sent.
    const sent = (detail: unknown) => JSON.parse(JSON.stringify(detail)) as unknown;
    expect(sent(detailIn('en', items))).toEqual(items.map(({ loc, msg, type }) => ({ loc, msg, type })));
    expect(JSON.stringify(detailIn('pt-BR', items))).toContain('Entrada inválida: esperava um número, recebeu um texto');
  });

  it('should parse a valid value as safeParse does', () => {
    expect(safeParseSaid(schema, { count: 1, nested: { kind: 'a' }, name: 'x' })).toEqual({
      success: true,
      data: { count: 1, nested: { kind: 'a' }, name: 'x' },
    });
  });
});
