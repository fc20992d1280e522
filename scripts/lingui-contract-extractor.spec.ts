// The contract's texts extractor (scripts/lingui-contract-extractor.ts): which strings of a messages.ts
// become catalog messages, and how a template literal becomes one ICU message with named values.
import { describe, expect, it } from '@jest/globals';
import type { ExtractedMessage } from '@lingui/conf';
import { contractExtractor, contractTexts } from './lingui-contract-extractor.js';

const SAMPLE = `
import { LIMITS, ACTIONS } from './constants.js';
export type Reason = 'not a text because a type';
export const M = {
  plain: 'Payment not found',
  quoted: "Payment method must be 'stripe' or 'paypal'",
  limit: \`You can have at most \${LIMITS.max} photos\`,
  codes: \`status must be one of \${ACTIONS.join(', ')}\`,
  code: 'paypal',
  url: 'https://example.com/x',
  none: '—',
  size: 8,
  nested: { deep: 'Deep text' },
  amountMin: (oneVote: string) => \`Amount must be at least \${oneVote}\`,
  voided: (n: number) => (n === 1 ? '1 vote was removed.' : \`\${n} votes were removed.\`),
  minutes: (minutes: number) => \`wait \${minutes} minute\${minutes === 1 ? '' : 's'}\`,
} as const;
export const R: Record<Reason, string> = { eliminated: 'Gone from the contest' };
export function left(n: number): string {
  if (n === 0) return 'None left';
  const codes = n === 1 ? '1 code' : \`\${n} codes\`;
  return \`You have \${codes} left.\`;
}
`;

describe('the contract texts extractor', () => {
  it('should take the strings that are texts, skipping imports, types, keys, codes, URLs and numbers', () => {
    expect(contractTexts('contract/x/messages.ts', SAMPLE).map((t) => t.id)).toEqual([
      'Payment not found',
      "Payment method must be 'stripe' or 'paypal'",
      'You can have at most {max} photos',
      'status must be one of {0}',
      'Deep text',
      'Amount must be at least {oneVote}',
      '1 vote was removed.',
      '{n} votes were removed.',
      'wait {minutes} minute{1}',
      'Gone from the contest',
      'None left',
      '1 code',
      '{n} codes',
      'You have {codes} left.',
    ]);
  });

  it("should say where each text is and what each value's expression is", () => {
    const [, , limit, codes] = contractTexts('contract/x/messages.ts', SAMPLE);
    expect(limit).toMatchObject({ where: 'M.limit', placeholders: { max: 'LIMITS.max' } });
    expect(codes).toMatchObject({ where: 'M.codes', placeholders: { 0: "ACTIONS.join(', ')" } });
  });

  it('should give Lingui each text with the English as id, only for messages.ts files of the contract', async () => {
    expect(contractExtractor.match('/repo/contract/votes/messages.ts')).toBe(true);
    expect(contractExtractor.match('/repo/contract/votes/constants.ts')).toBe(false);
    expect(contractExtractor.match('/repo/client/src/messages.ts')).toBe(false);
    const found: ExtractedMessage[] = [];
    await contractExtractor.extract('contract/x/messages.ts', SAMPLE, (m) => found.push(m));
    expect(found[2]).toMatchObject({
      id: 'You can have at most {max} photos',
      message: 'You can have at most {max} photos',
      comment: 'M.limit',
      placeholders: { max: 'LIMITS.max' },
    });
  });
});
