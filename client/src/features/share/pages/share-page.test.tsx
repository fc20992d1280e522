import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { PROFILE_MESSAGES as P } from '#contract/profiles/messages';
import { browser } from '@/lib/browser';
import { paths } from '@/lib/paths';
import { SITE } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { mockNetwork, type Responder } from '@/testing/server';
import { makeToken } from '@/testing/tokens';
import { makeMe } from '@/testing/vote-fixtures';

function open(routes: Record<string, Responder> = {}) {
  const net = mockNetwork({
    'GET /api/v1/site': { body: SITE },
    'GET /api/v1/users/me': { body: makeMe('alice') },
    ...routes,
  });
  return { ...renderApp(paths.shareSupport()), net };
}

const LINK = () => `${window.location.origin}${paths.profile('alice')}`;

describe('SharePage', () => {
  let opened: unknown[][];
  const realOpen = window.open;
  const realAgent = navigator.userAgent;

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', makeToken({ sub: 'alice' }));
    opened = [];
    window.open = ((...args: unknown[]) => {
      opened.push(args);
      return null;
    }) as typeof window.open;
  });
  afterEach(() => {
    window.open = realOpen;
    Object.defineProperty(navigator, 'userAgent', { configurable: true, value: realAgent });
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('should show six buttons, the link, instructions, tips with the peak hours, and the links to the profile and dashboard', async () => {
    const { screen } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Share Your Profile' })).toBeInTheDocument();
    for (const name of ['Facebook', 'Twitter', 'Instagram', 'TikTok', 'LinkedIn', 'Copy Link']) {
      expect(await screen.findByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Your profile link')).toHaveValue(LINK());
    expect(screen.getByRole('region', { name: 'How to share' })).toHaveTextContent('Instagram and TikTok have no link sharing');
    expect(screen.getByRole('region', { name: 'Sharing tips' })).toHaveTextContent('Post at peak hours: 8-10AM and 6-9PM.');
    expect(screen.getByRole('link', { name: 'View Your Profile' })).toHaveAttribute('href', paths.profile('alice'));
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', paths.dashboard());
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', paths.dashboard());
  });

  it('should show the share card preview, and hide it when the card cannot load', async () => {
    const { screen } = open();
    const card = await screen.findByRole('img', { name: /share card/ });
    expect(card).toHaveAttribute('src', '/api/v1/share-cards/alice.png');
    expect(card).toHaveAttribute('width', '1200');
    expect(card).toHaveAttribute('height', '630');
    expect(card).toHaveAttribute('loading', 'lazy');
    expect(screen.getByText('What friends will see')).toBeInTheDocument();
    fireEvent.error(card);
    expect(screen.queryByRole('img', { name: /share card/ })).not.toBeInTheDocument();
    expect(screen.queryByText('What friends will see')).not.toBeInTheDocument();
  });

  it('should open the share addresses of Facebook, Twitter and LinkedIn with the link, in a new tab without opener', async () => {
    const app = open();
    const link = encodeURIComponent(LINK());
    await app.user.click(await app.screen.findByRole('button', { name: 'Facebook' }));
    await app.user.click(app.screen.getByRole('button', { name: 'Twitter' }));
    await app.user.click(app.screen.getByRole('button', { name: 'LinkedIn' }));
    expect(opened).toEqual([
      [`https://www.facebook.com/sharer/sharer.php?u=${link}`, '_blank', 'noopener,noreferrer'],
      [expect.stringMatching(new RegExp(`^https://twitter\\.com/intent/tweet\\?url=${link.replace(/[.%]/g, '\\$&')}&text=`)), '_blank', 'noopener,noreferrer'],
      [`https://www.linkedin.com/sharing/share-offsite/?url=${link}`, '_blank', 'noopener,noreferrer'],
    ]);
  });

  it('should copy the link for Instagram and TikTok, say so and open the website on a computer', async () => {
    const app = open();
    await app.user.click(await app.screen.findByRole('button', { name: 'Instagram' }));
    expect(await app.screen.findByText(P.copiedOpening('Instagram'))).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(LINK());
    await app.user.click(app.screen.getByRole('button', { name: 'TikTok' }));
    expect(await app.screen.findByText(P.copiedOpening('TikTok'))).toBeInTheDocument();
    expect(opened.map((o) => o[0])).toEqual(['https://www.instagram.com/', 'https://www.tiktok.com/']);
  });

  it('should try the app on a phone and fall back to the website after 500 ms', async () => {
    Object.defineProperty(navigator, 'userAgent', { configurable: true, value: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' });
    const assigned: string[] = [];
    jest.spyOn(browser, 'assign').mockImplementation((url: string) => void assigned.push(url));
    const app = open();
    const button = await app.screen.findByRole('button', { name: 'TikTok' });
    jest.useFakeTimers();
    await act(async () => {
      fireEvent.click(button);
    });
    await waitFor(() => expect(assigned).toEqual(['tiktok://']));
    act(() => jest.advanceTimersByTime(499));
    expect(assigned).toEqual(['tiktok://']);
    act(() => jest.advanceTimersByTime(1));
    expect(assigned).toEqual(['tiktok://', 'https://www.tiktok.com/']);
    expect(opened).toEqual([]);
  });

  it('should not fall back when the app took over the page', async () => {
    Object.defineProperty(navigator, 'userAgent', { configurable: true, value: 'Mozilla/5.0 (Linux; Android 14) Mobile' });
    const assigned: string[] = [];
    jest.spyOn(browser, 'assign').mockImplementation((url: string) => void assigned.push(url));
    const app = open();
    const button = await app.screen.findByRole('button', { name: 'Instagram' });
    jest.useFakeTimers();
    await act(async () => {
      fireEvent.click(button);
    });
    await waitFor(() => expect(assigned).toEqual(['instagram://app']));
    jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => jest.advanceTimersByTime(600));
    expect(assigned).toEqual(['instagram://app']);
  });

  it("should copy with Copy Link, say 'Profile link copied to clipboard!' and show the copied mark for 3 s", async () => {
    const app = open();
    const button = await app.screen.findByRole('button', { name: 'Copy Link' });
    // Only the clock is fake: promises (the clipboard's answer) settle as usual.
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    await act(async () => {
      fireEvent.click(button);
      for (let i = 0; i < 10; i++) await Promise.resolve();
    });
    expect(app.screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(0)); // the toast library shows toasts from a timer
    expect(app.screen.getByText(P.copied)).toBeInTheDocument();
    expect(app.screen.getByRole('button', { name: 'Link copied' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2999));
    expect(app.screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(app.screen.getByRole('button', { name: 'Copy Link' })).toBeInTheDocument();
    expect(app.screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    jest.useRealTimers();
    expect(await navigator.clipboard.readText()).toBe(LINK());
  });

  it("should say 'Failed to copy link' when the browser refuses, for Copy Link and for Instagram", async () => {
    const app = open();
    const button = await app.screen.findByRole('button', { name: 'Copy Link' });
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.reject(new Error('denied')) } });
    await app.user.click(button);
    expect(await app.screen.findByText(P.copyFailed)).toBeInTheDocument();
    expect(app.screen.queryByRole('button', { name: 'Copied!' })).not.toBeInTheDocument();
    await app.user.click(app.screen.getByRole('button', { name: 'Instagram' }));
    await waitFor(() => expect(app.screen.getAllByText(P.copyFailed).length).toBeGreaterThan(0));
    expect(opened).toEqual([]);
  });

  it('should tell a user without a contestant profile how to create one', async () => {
    const { screen } = open({ 'GET /api/v1/users/me': { body: makeMe('alice', { contestant_profile: null }) } });
    expect(await screen.findByRole('heading', { name: 'No contestant profile yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your Profile' })).toHaveAttribute('href', paths.profileBasics());
    expect(screen.queryByRole('button', { name: 'Copy Link' })).not.toBeInTheDocument();
  });

  it('should say when the account cannot be loaded, with Try Again', async () => {
    let fail = true;
    const { screen, user } = open({ 'GET /api/v1/users/me': () => (fail ? { status: 500 } : { body: makeMe('alice') }) });
    const alert = await screen.findByRole('alert');
    expect(within(alert.parentElement!).getByRole('button', { name: /Try Again/ })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Try Again/ }));
    expect(await screen.findByRole('button', { name: 'Copy Link' })).toBeInTheDocument();
  });
});
