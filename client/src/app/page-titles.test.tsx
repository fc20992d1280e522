// Every page names itself in the document title, '{page} | {product}', with the product's name from the
// site's configuration: static names come from the route's handle, a contestant's name or 'Vote for
// {first name}' from the page's data (app/route-module.ts, components/layout/page-title.tsx).
import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '#contract/auth/constants';
import { chooseLocale } from '@/lib/i18n/i18n';
import { paths } from '@/lib/paths';
import { meFor, SITE } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { mockNetwork } from '@/testing/server';
import { makeToken } from '@/testing/tokens';
import { makeCountdown, makeProfile } from '@/testing/vote-fixtures';
import { routeTable } from './routes';

type Audience = 'visitor' | 'contestant' | 'admin';

/** Each route's address (params filled in), who opens it, and the page's name in the title. */
const TITLES: [path: string, audience: Audience, name: string][] = [
  [paths.home(), 'visitor', 'Your Horror Debut'],
  [paths.register(), 'visitor', 'Register'],
  [paths.registrationSuccess(), 'visitor', 'Check Your Email'],
  [paths.login(), 'visitor', 'Sign In'],
  [paths.forgotPassword(), 'visitor', 'Forgot Password'],
  [paths.resetPassword({ query: { token: 't' } }), 'visitor', 'Reset Password'],
  [paths.verifyEmail({ query: { token: 't' } }), 'visitor', 'Email Verification'],
  [paths.unsubscribe({ query: { token: 't' } }), 'visitor', 'Unsubscribe'],
  [paths.vote(7, { query: { type: 'free' } }), 'visitor', 'Vote for Vera'],
  [paths.testCheckout(5), 'visitor', 'TEST MODE Checkout'],
  [paths.support(), 'visitor', 'Support'],
  [paths.leaderboard(), 'visitor', 'Leaderboard'],
  [paths.leaderboardGroup(5), 'visitor', 'Leaderboard'],
  [paths.embed.leaderboard(5), 'visitor', 'Leaderboard'],
  [paths.embed.voteCard('vera'), 'visitor', 'Vote for Vera'],
  [paths.profile('vera'), 'visitor', 'Vera Voss'],
  [paths.profile2025('vera'), 'visitor', 'Vera Voss'],
  [paths.contactSupport(), 'visitor', 'Support'],
  [paths.aboutUs(), 'visitor', 'About Us'],
  [paths.privacyPolicy(), 'visitor', 'Privacy Policy'],
  [paths.termsOfService(), 'visitor', 'Terms of Service'],
  [paths.competitions(), 'visitor', 'Competitions'],
  [paths.competition('midnight-screams'), 'visitor', 'Midnight Screams'],
  [`${paths.home()}no/such/page`, 'visitor', 'Page Not Found'],
  [paths.dashboard(), 'contestant', 'Dashboard'],
  [paths.activeContests(), 'contestant', 'Active Contests'],
  [paths.shareSupport(), 'contestant', 'Share Your Profile'],
  [paths.profileBasics(), 'contestant', 'Profile Basics'],
  [paths.profilePhotos(), 'contestant', 'Your Profile Photos'],
  [paths.socialLinks(), 'contestant', 'Social Links'],
  [paths.contestJoinSuccess(), 'contestant', "You're In!"],
  [paths.admin.dashboard(), 'admin', 'Admin Dashboard'],
  [paths.admin.contests(), 'admin', 'Contests'],
  [paths.admin.createContest(), 'admin', 'Create Contest'],
  [paths.admin.contest(3), 'admin', 'Contest Details'],
  [paths.admin.editContest(3), 'admin', 'Edit Contest'],
  [paths.admin.contestGroups(3), 'admin', 'Groups'],
  [paths.admin.newGroup(3), 'admin', 'New Group'],
  [paths.admin.groupContestants(3, 5), 'admin', 'Group Contestants'],
  [paths.admin.allContestants(), 'admin', 'Contestant Management'],
  [paths.admin.payments(), 'admin', 'Payments'],
  [paths.admin.votePackages(), 'admin', 'Vote Packages'],
  [paths.admin.contestVotePackages(3), 'admin', 'Contest Vote Packages'],
  [paths.admin.messages(), 'admin', 'Support Messages'],
  [paths.admin.voteReview(), 'admin', 'Vote Review'],
  [paths.admin.audit(), 'admin', 'Audit Log'],
  [paths.admin.jobs(), 'admin', 'Jobs'],
  [paths.admin.twoFactor(), 'admin', 'Two-Factor Sign-In'],
  [paths.admin.staff(), 'admin', 'Staff'],
  [paths.admin.webhooks(), 'admin', 'Webhooks'],
  [paths.admin.site(), 'admin', 'Site'],
  [paths.admin.categories(), 'admin', 'Categories'],
  [paths.admin.profileQuestions(), 'admin', 'Profile questions'],
  [`${paths.admin.dashboard()}/no/such/page`, 'admin', 'Page Not Found'],
];

/** The pages that name themselves from what they show, and the route that only sends elsewhere. */
const NAMED_BY_THEIR_PAGE: string[] = [
  paths.vote.pattern,
  paths.profile.pattern,
  paths.profile2025.pattern,
  paths.competition.pattern,
  paths.embed.voteCard.pattern,
];
const REDIRECTS: string[] = [paths.howItWorks.pattern];

function open(path: string, audience: Audience, site = SITE) {
  if (audience === 'contestant') localStorage.setItem(STORAGE_KEYS.token, makeToken({ sub: 'alice' }));
  if (audience === 'admin') localStorage.setItem(STORAGE_KEYS.token, makeToken({ sub: 'boss', is_superuser: true }));
  // Reachable only after a registration stored its e-mail.
  localStorage.setItem(STORAGE_KEYS.registrationEmail, 'new@example.com');
  mockNetwork({
    'GET /api/v1/site': { body: site },
    'GET /api/v1/users/me': { body: meFor('alice') },
    'GET /api/v1/contestants/vera': { body: makeProfile() },
    'GET /api/v1/admin/current-contest/countdown': { body: makeCountdown(new Date().toISOString(), '2030-01-01T00:00:00.000Z', null) },
    'GET /api/v1/profiles/id/7': {
      body: { id: 7, username: 'vera', is_eliminated: false, picture_url: null, user_details: { first_name: 'Vera', last_name: 'Voss' }, vote_offer: null },
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
    open(paths.leaderboard(), 'visitor', { ...SITE, product_name: 'Fright Stage' });
    await waitFor(() => expect(document.title).toBe('Leaderboard | Fright Stage'));
    const profile = open(paths.profile('vera'), 'visitor', { ...SITE, product_name: 'Fright Stage' });
    await profile.screen.findByRole('heading', { level: 1, name: 'Vera Voss' });
    await waitFor(() => expect(document.title).toBe('Vera Voss | Fright Stage'));
  });

  it("should name the page in the reader's language, the product's name as it is", async () => {
    await act(() => chooseLocale('pt-BR'));
    try {
      open(paths.leaderboard(), 'visitor');
      await waitFor(() => expect(document.title).toBe('Ranking | ScreamStage'));
      const admin = open(paths.admin.payments(), 'admin');
      await admin.screen.findAllByRole('heading', { level: 1 });
      await waitFor(() => expect(document.title).toBe('Pagamentos | ScreamStage'));
    } finally {
      await act(() => chooseLocale('en'));
      document.cookie = 'locale=; path=/; max-age=0';
    }
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
