import type { ApiErrorItem } from '#contract/common/answers.js';

export const NUL_CHARACTER_MESSAGE = 'Must not contain NUL characters';

/**
 * PostgreSQL text cannot hold U+0000: such a value would fail its query (a 500). Answers the
 * place of the first string that has one, for a 422 instead.
 */
export function findNulCharacter(value: unknown, location: 'body' | 'query' | 'path', at: (string | number)[] = []): ApiErrorItem | null {
  if (typeof value === 'string') {
    return value.includes('\u0000') ? { loc: [location, ...at], msg: NUL_CHARACTER_MESSAGE, type: 'value_error.nul' } : null;
  }
  // Deeper than any schema of ours: the schema refuses it anyway, and recursion stays bounded.
  if (value && typeof value === 'object' && at.length < 8) {
    for (const [key, inner] of Object.entries(value)) {
      const found = findNulCharacter(inner, location, [...at, Array.isArray(value) ? Number(key) : key]);
      if (found) return found;
    }
  }
  return null;
}
