// The site-content pages (Site, Categories, Profile questions, Vote Packages): one admin menu entry, and
// tabs between the four, each a page at its own address (links, so the browser's back goes to the tab
// before), Site first.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, waitFor, within } from '@testing-library/react';
import type { AdminSiteSettings } from '#contract/site/answers';
import { paths } from '@/lib/paths';
import { DEMO_OFFER, QUESTIONS, SITE } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render-app';
import { mockNetwork } from '@/testing/server';
import { staffToken } from '@/testing/tokens';

const SETTINGS: AdminSiteSettings = {
  site_name: 'ScreamStage',
  logo_url: null,
  accent_color: '#e11d2a',
  background_color: '#050505',
  charity_name: 'our partner charity',
  charity_beneficiary: "a children's toy-drive foundation",
  charity_share: 100,
  charity_url: null,
  mail_sender_name: 'ScreamStage',
  mail_from_address: 'no-reply@stage.example',
  updated_at: '2030-01-01T00:00:00.000Z',
};

function open(path: string) {
  localStorage.setItem('token', staffToken('owner'));
  mockNetwork({
    'GET /api/v1/site': { body: SITE },
    'GET /api/v1/admin/all-contests': { body: [], headers: { 'x-total-count': '0' } },
    'GET /api/v1/admin/support-messages/summary': { body: { open_count: 0 } },
    'GET /api/v1/admin/site': { body: SETTINGS },
    'GET /api/v1/admin/site/categories': { body: { categories: ['Ghouls'] } },
    'GET /api/v1/admin/profile-questions': { body: QUESTIONS },
    'GET /api/v1/admin/vote-packages': { body: DEMO_OFFER },
  });
  return renderApp(path);
}

type Screen = ReturnType<typeof renderApp>['screen'];
const tabs = (screen: Screen) => within(screen.getByRole('navigation', { name: 'Site content' }));
const currentTab = (screen: Screen) =>
  tabs(screen)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

describe('site content tabs', () => {
  beforeEach(() => localStorage.clear());

  it('should lead from the menu’s one Site content entry to the Site tab, move between tabs by address and come back with the browser’s back', async () => {
    const { screen, user, router } = open(paths.admin.dashboard());
    await screen.findByRole('heading', { name: 'Admin Dashboard', level: 1 });
    const menu = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(menu.queryByRole('link', { name: 'Categories' })).not.toBeInTheDocument();
    await user.click(menu.getByRole('link', { name: 'Site content' }));

    expect(await screen.findByRole('heading', { name: 'Site', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe(paths.admin.site());
    expect(
      tabs(screen)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Site', paths.admin.site()],
      ['Categories', paths.admin.categories()],
      ['Profile questions', paths.admin.profileQuestions()],
      ['Vote Packages', paths.admin.votePackages()],
    ]);
    expect(currentTab(screen)).toEqual(['Site']);
    expect(menu.getByRole('link', { name: 'Site content' })).toHaveAttribute('aria-current', 'page');

    await user.click(tabs(screen).getByRole('link', { name: 'Categories' }));
    expect(await screen.findByRole('heading', { name: 'Categories', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe(paths.admin.categories());
    expect(currentTab(screen)).toEqual(['Categories']);
    // The menu entry stays the current one on every tab.
    expect(menu.getByRole('link', { name: 'Site content' })).toHaveAttribute('aria-current', 'page');

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Site', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(currentTab(screen)).toEqual(['Site']));
  });

  it.each([
    [paths.admin.profileQuestions(), 'Profile questions'],
    [paths.admin.votePackages(), 'Vote Packages'],
  ])('should open %s by its address with its tab current', async (path, tab) => {
    const { screen } = open(path);
    await waitFor(() => expect(currentTab(screen)).toEqual([tab]));
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('should show no tabs on the other admin pages', async () => {
    const { screen } = open(paths.admin.dashboard());
    await screen.findByRole('heading', { name: 'Admin Dashboard', level: 1 });
    expect(screen.queryByRole('navigation', { name: 'Site content' })).not.toBeInTheDocument();
  });
});
