import { describe, expect, it } from '@jest/globals';
import { matchRoutes } from 'react-router-dom';
import { createRoutes, routeTable } from '@/app/routes';
import { allPathBuilders, paths, type PathBuilder } from './paths';

/** The table's page paths: every path but the not-found catch-alls ('*'). */
async function tablePatterns(): Promise<string[]> {
  return [...new Set((await routeTable()).map((r) => r.pattern).filter((pattern) => !pattern.includes('*')))];
}

/** An address of `builder` with a distinct sample value for each of its parameters. */
function sampleOf(builder: PathBuilder<string>): { address: string; params: Record<string, string> } {
  const names = [...builder.pattern.matchAll(/:(\w+)/g)].map(([, name]) => name);
  const values = names.map((_, i) => `sample-${i + 7}`);
  const build = builder as unknown as (...args: string[]) => string;
  return { address: build(...values), params: Object.fromEntries(names.map((name, i) => [name, values[i]])) };
}

describe('paths', () => {
  it('should have one builder for every page path of the route table, and no builder for a path the table lacks', async () => {
    const builders = allPathBuilders().map((b) => b.pattern);
    expect(new Set(builders).size).toBe(builders.length);
    expect([...builders].sort()).toEqual((await tablePatterns()).sort());
  });

  it('should build addresses that the route table answers with the builder’s own route and parameters', () => {
    const routes = createRoutes();
    for (const builder of allPathBuilders()) {
      const { address, params } = sampleOf(builder);
      const matches = matchRoutes(routes, address) ?? [];
      // The deepest route with a path names the page (an index route stands at its parent's path).
      const leaf = matches.filter((m) => m.route.path !== undefined).at(-1);
      expect({ address, pattern: leaf?.route.path, params: leaf?.params }).toEqual({ address, pattern: builder.pattern, params });
    }
  });

  it('should encode each parameter as one segment and append the query and fragment', () => {
    expect(paths.profile('a b/c?d')).toBe('/profile/a%20b%2Fc%3Fd');
    expect(paths.admin.groupContestants(3, 14)).toBe('/admin/contests/3/groups/14/contestants');
    expect(paths.admin.messages({ query: { status: 'open', page: undefined } })).toBe('/admin/messages?status=open');
    expect(paths.admin.contest(5, { query: { created: 1 } })).toBe('/admin/contests/5?created=1');
    expect(paths.home({ hash: 'how-it-works' })).toBe('/#how-it-works');
    expect(paths.contactSupport({ query: {}, hash: 'faq' })).toBe('/contact-support#faq');
  });
});
