// Every page names itself in the document title, '{page} | {product}', with the product's name from the
// site's configuration: static names come from the route's handle, a contestant's name or 'Vote for
// {first name}' from the page's data (app/route-module.ts, components/layout/page-title.tsx).
import { beforeEach, describe, expect, it } from '@jest/globals';
import { waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '#contract/auth/constants';
import { meFor, SITE } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { mockNetwork } from '@/testing/server';
import { makeToken } from '@/testing/tokens';
import { makeCountdown, makeProfile } from '@/testing/vote-fixtures';
import { routeTable } from './routes';

type Audience = 'visitor' | 'contestant' | 'admin';

/** Each route's address (params filled in), who opens it, and the page's name in the title. */
const TITLES: [path: string, audience: Audience, name: string][] = [
  ['/', 'visitor', 'Your Horror Debut'],
  ['/register', 'visitor', 'Register'],
  ['/registration-success', 'visitor', 'Check Your Email'],
  ['/login', 'visitor', 'Sign In'],
  ['/forgot-password', 'visitor', 'Forgot Password'],
  ['/reset-password?token=t', 'visitor', 'Reset Password'],
  ['/verify-email?token=t', 'visitor', 'Email Verification'],
  ['/unsubscribe?token=t', 'visitor', 'Unsubscribe'],
  ['/vote/7?type=free', 'visitor', 'Vote for Vera'],
  ['/test-checkout/5', 'visitor', 'TEST MODE Checkout'],
  ['/support', 'visitor', 'Support'],
  ['/leaderboard', 'visitor', 'Leaderboard'],
  ['/leaderboard/group/5', 'visitor', 'Leaderboard'],
  ['/profile/vera', 'visitor', 'Vera Voss'],
  ['/profile/2025/vera', 'visitor', 'Vera Voss'],
  ['/contact-support', 'visitor', 'Support'],
  ['/about-us', 'visitor', 'About Us'],
  ['/privacy-policy', 'visitor', 'Privacy Policy'],
  ['/terms-of-service', 'visitor', 'Terms of Service'],
  ['/competitions', 'visitor', 'Competitions'],
  ['/competitions/midnight-screams', 'visitor', 'Midnight Screams'],
  ['/no/such/page', 'visitor', 'Page Not Found'],
  ['/dashboard', 'contestant', 'Dashboard'],
  ['/active-contests', 'contestant', 'Active Contests'],
  ['/share-support', 'contestant', 'Share Your Profile'],
  ['/profile/basics', 'contestant', 'Profile Basics'],
  ['/profile/photos', 'contestant', 'Your Profile Photos'],
  ['/profile/social', 'contestant', 'Social Links'],
  ['/contest-join-success', 'contestant', "You're In!"],
  ['/admin', 'admin', 'Admin Dashboard'],
  ['/admin/contests', 'admin', 'Contests'],
  ['/admin/contests/create', 'admin', 'Create Contest'],
  ['/admin/contests/3', 'admin', 'Contest Details'],
  ['/admin/contests/3/edit', 'admin', 'Edit Contest'],
  ['/admin/contests/3/groups', 'admin', 'Groups'],
  ['/admin/contests/3/groups/new', 'admin', 'New Group'],
  ['/admin/contests/3/groups/5/contestants', 'admin', 'Group Contestants'],
  ['/admin/all-contestants', 'admin', 'Contestant Management'],
  ['/admin/payments', 'admin', 'Payments'],
  ['/admin/messages', 'admin', 'Support Messages'],
  ['/admin/vote-review', 'admin', 'Vote Review'],
  ['/admin/audit', 'admin', 'Audit Log'],
  ['/admin/jobs', 'admin', 'Jobs'],
  ['/admin/no/such/page', 'admin', 'Page Not Found'],
];

/** The pages that name themselves from what they show, and the route that only sends elsewhere. */
const NAMED_BY_THEIR_PAGE = ['/vote/:profileId', '/profile/:username', '/profile/2025/:username', '/competitions/:id'];
const REDIRECTS = ['/how-it-works'];

function open(path: string, audience: Audience, site = SITE) {
  if (audience === 'contestant') localStorage.setItem(STORAGE_KEYS.token, makeToken({ sub: 'alice' }));
  if (audience === 'admin') localStorage.setItem(STORAGE_KEYS.token, makeToken({ sub: 'boss', is_superuser: true }));
  // Reachable only after a registration stored its e-mail.
  localStorage.setItem(STORAGE_KEYS.registrationEmail, 'new@example.com');
  mockNetwork({
    'GET /api/v1/site': { body: site },
    'GET /api/v1/users/me': { body: meFor('alice') },
    'GET /api/v1/contestants/vera/': { body: makeProfile() },
    'GET /api/v1/admin/current-contest/countdown': { body: makeCountdown(new Date().toISOString(), '2030-01-01T00:00:00.000Z', null) },
    'GET /api/v1/profiles/id/7': {
      body: { id: 7, username: 'vera', is_eliminated: false, picture_url: null, user_details: { first_name: 'Vera', last_name: 'Voss' } },
    },
  });
  return renderApp(path);
}

describe('page titles', () => {
  beforeEach(() => localStorage.clear());

  it.each(TITLES)('should title %s (%s) with its own name', async (path, audience, name) => {
    open(path, audience);
    await waitFor(() => expect(document.title).toBe(`${name} | ScreamStage`));
  });

  it("should use the product's name from the site's configuration", async () => {
    open('/leaderboard', 'visitor', { ...SITE, product_name: 'Fright Stage' });
    await waitFor(() => expect(document.title).toBe('Leaderboard | Fright Stage'));
    const profile = open('/profile/vera', 'visitor', { ...SITE, product_name: 'Fright Stage' });
    await profile.screen.findByRole('heading', { level: 1, name: 'Vera Voss' });
    await waitFor(() => expect(document.title).toBe('Vera Voss | Fright Stage'));
  });

  it('should name every route: in its handle, or by its page', async () => {
    const tested = new Set(TITLES.map(([path]) => path.split('?')[0]));
    for (const { pattern, handle } of await routeTable()) {
      if (REDIRECTS.includes(pattern)) continue;
      const named = handle.title !== undefined || NAMED_BY_THEIR_PAGE.includes(pattern);
      const address = pattern
        .replace(':profileId', '7')
        .replace(':username', 'vera')
        .replace(':id', 'midnight-screams')
        .replace(':contestId', '3')
        .replace(':groupId', '5')
        .replace(':paymentId', '5')
        .replace(/\*$/, 'no/such/page');
      expect({ pattern, named, tested: tested.has(address) }).toEqual({ pattern, named: true, tested: true });
    }
  });
});
