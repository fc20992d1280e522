// The contract's texts as Lingui messages: the English is the message id, written in ICU (the syntax
// Lingui compiles), so a literal brace or an apostrophe before one is quoted and compiles back to exactly
// the English. The extractor (scripts/lingui-contract-extractor.ts) writes ids with these functions and
// the runtime (contract-text.ts) reads them back.

/**
 * `literal` written as ICU text: braces quoted ('{'), and an apostrophe doubled where ICU would read it
 * as a quote (all of them in a literal with braces, so none can close a quoted brace; else one before
 * another apostrophe, or before the value that follows the literal).
 */
export function escapeIcu(literal: string, valueFollows = false): string {
  if (/[{}]/.test(literal)) return literal.replace(/'/g, "''").replace(/[{}]/g, "'$&'");
  return literal.replace(/'(?=')/g, "''").replace(/'$/, valueFollows ? "''" : "'");
}

/** The ICU message of an English template: its literal parts (one more than its values) and value names. */
export function icuMessage(literals: readonly string[], names: readonly string[]): string {
  return literals.map((literal, i) => (i < names.length ? `${escapeIcu(literal, true)}{${names[i]}}` : escapeIcu(literal))).join('');
}

/** An id read back: its literal parts and the names of its values, or null for ICU beyond simple values. */
export function parseIcuTemplate(id: string): { literals: string[]; names: string[] } | null {
  const literals = [''];
  const names: string[] = [];
  let i = 0;
  while (i < id.length) {
    const c = id[i];
    if (c === "'" && id[i + 1] === "'") {
      literals[literals.length - 1] += "'";
      i += 2;
    } else if (c === "'" && (id[i + 1] === '{' || id[i + 1] === '}')) {
      // A quoted run, up to the next lone apostrophe ('' inside stays one apostrophe).
      i += 1;
      while (i < id.length) {
        if (id[i] === "'" && id[i + 1] === "'") {
          literals[literals.length - 1] += "'";
          i += 2;
        } else if (id[i] === "'") {
          i += 1;
          break;
        } else literals[literals.length - 1] += id[i++];
      }
    } else if (c === '{') {
      const end = id.indexOf('}', i);
      const name = end < 0 ? '' : id.slice(i + 1, end).trim();
      if (!/^\w+$/.test(name)) return null;
      names.push(name);
      literals.push('');
      i = end + 1;
    } else {
      literals[literals.length - 1] += c;
      i += 1;
    }
  }
  return { literals, names };
}
