// The server's drawing of a public page (entry-server.tsx), run as the server build runs it: queries
// start while the page renders, the API is a `fetch` handed in. What it hands the browser must be what
// it drew (a hydration that meets other numbers than the HTML shows is a mismatch), its title goes to
// the document's head, and each page reports the query parameters it is drawn from.
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { ContestantProfile } from '#contract/api-types';
import { SITE } from '@/testing/fixtures';
import { makeCountdown, makeProfile } from '@/testing/vote-fixtures';

// The server build's setting (import.meta.env.SSR under Vite): hooks start their queries while rendering.
jest.unstable_mockModule('@/lib/env', () => ({
  env: { apiBaseUrl: '/api/v1', defaultProductName: 'ScreamStage', isServer: true },
}));

let entry: typeof import('./entry-server');
beforeAll(async () => {
  // The test DOM gets React's server renderer for browsers, which schedules its work over a MessageChannel
  // it never closes; this one passes its messages on the next turn instead, holding nothing open.
  class Channel {
    readonly port1: { onmessage: (() => void) | null } = { onmessage: null };
    readonly port2 = { postMessage: () => void setTimeout(() => this.port1.onmessage?.(), 0) };
  }
  Object.assign(globalThis, { MessageChannel: Channel });
  entry = await import('./entry-server');
});

const NOW = Date.now();
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();
const DAY = 86_400_000;

/** The API in-process, as the server hands it to the drawing: `answers` by path; 404 for the rest. */
function api(answers: Record<string, () => unknown>) {
  const asked: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://site.test').pathname;
    asked.push(path);
    const answer = answers[path];
    return answer
      ? new Response(JSON.stringify(answer()), { status: 200, headers: { 'content-type': 'application/json' } })
      : new Response(JSON.stringify({ detail: 'Not Found' }), { status: 404, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, asked };
}

/** The answer the drawing handed over for one endpoint. */
function handedOver<T>(data: { api: { queries: Record<string, { endpointName?: string; data?: unknown } | undefined> } }, endpoint: string): T | undefined {
  return Object.values(data.api.queries).find((q) => q?.endpointName === endpoint)?.data as T | undefined;
}

describe('the server drawing (entry-server)', () => {
  it('should hand the browser the answers the page was drawn from, not the answer of a refetch that came after', async () => {
    // Votes are counted while the page is drawn: each read of the profile has five more.
    let reads = 0;
    const { fetch, asked } = api({
      '/api/v1/site': () => SITE,
      '/api/v1/contestants/vera/': () => makeProfile({ total_votes: 120 + 5 * reads++ }),
      '/api/v1/admin/current-contest/countdown': () => makeCountdown(at(0), at(-DAY), at(2 * DAY)),
    });
    const drawn = (await entry.render('/profile/vera', { fetch, origin: 'http://site.test' }))!;
    // The page refetches its profile when it mounts, so a drawing reads it more than once.
    expect(asked.filter((path) => path === '/api/v1/contestants/vera/').length).toBeGreaterThan(1);
    const total = handedOver<ContestantProfile>(drawn.data, 'getContestantProfile')?.total_votes;
    expect(drawn.html).toContain(`>${total}</span>`);
    expect(drawn.html).not.toContain(`>${120 + 5 * (reads - 1)}</span>`);
  });

  it("should take the page's <title> out of its markup for the head: the contestant's name", async () => {
    const { fetch } = api({
      '/api/v1/site': () => SITE,
      '/api/v1/contestants/vera/': () => makeProfile(),
      '/api/v1/admin/current-contest/countdown': () => makeCountdown(at(0), at(-DAY), at(2 * DAY)),
    });
    const drawn = (await entry.render('/profile/vera?payment=success&session_id=cs_1', { fetch, origin: 'http://site.test' }))!;
    expect(drawn.title).toBe('<title>Vera Voss | ScreamStage</title>');
    expect(drawn.html).not.toContain('<title>');
    expect(drawn.html).toContain('Vera Voss');
  });

  it('should draw the vote page by its query, the free vote waiting for the visitor’s own check', async () => {
    const { fetch, asked } = api({
      '/api/v1/site': () => SITE,
      '/api/v1/profiles/id/7': () => ({
        id: 7,
        username: 'vera',
        is_eliminated: false,
        picture_url: null,
        user_details: { first_name: 'Vera', last_name: 'Voss' },
      }),
    });
    const free = (await entry.render('/vote/7?type=free', { fetch, origin: 'http://site.test' }))!;
    expect(free.title).toBe('<title>Vote for Vera | ScreamStage</title>');
    expect(free.html).toContain('Cast your free vote for Vera.');
    // The drawing is every visitor's: it cannot say whether this one has voted, so it offers no vote yet.
    expect(free.html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*aria-busy="true"[^>]*>Cast Free Vote<\/button>/);
    expect(asked.some((path) => path.includes('vote-check'))).toBe(false);

    const pack = (await entry.render('/vote/7?type=2', { fetch, origin: 'http://site.test' }))!;
    expect(pack.html).toContain('Donate $');
    expect(pack.html).not.toContain('Cast your free vote');
  });

  it('should name the query parameters each drawn page reads, and none for the rest', () => {
    expect(entry.queryOf('/vote/7')).toEqual(['type', 'amount', 'price']);
    expect(entry.queryOf('/leaderboard')).toEqual(['page']);
    expect(entry.queryOf('/leaderboard/group/3')).toEqual(['page']);
    for (const path of ['/', '/profile/vera', '/profile/2025/vera', '/support', '/competitions/2', '/about-us', '/no/such/page']) {
      expect([path, entry.queryOf(path)]).toEqual([path, []]);
    }
  });
});
