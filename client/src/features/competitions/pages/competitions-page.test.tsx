import { afterEach, describe, expect, it } from '@jest/globals';
import { act, within } from '@testing-library/react';
import { activateLocale } from '@/lib/i18n/i18n';
import { paths } from '@/lib/paths';
import { mockNetwork } from '@/testing/server';
import { renderApp } from '@/testing/render-app';
import { SITE } from '@/testing/fixtures';
import { makeContest } from '@/testing/contest-fixtures';
import { i18nFor } from '@/testing/i18n';
import { COMPETITIONS, placeInCalendar, STATUS_LABELS } from '../content/competitions';

/** The sample texts as English readers see them. */
const en = i18nFor('en');

const routes = (contests: unknown[] = [], completed: unknown[] = []) => ({
  'GET /api/v1/site': { body: SITE },
  'GET /api/v1/contests/all-contests': { body: contests },
  'GET /api/v1/contests/completed': { body: completed },
});

describe('CompetitionsPage', () => {
  it('should render the hero, the sample challenge, how it works, coming soon, past winners and success stories', async () => {
    mockNetwork(routes());
    const { screen } = renderApp(paths.competitions());
    expect(await screen.findByRole('heading', { level: 1, name: 'Every Month, a New Nightmare' })).toBeInTheDocument();
    for (const name of ['Current Challenge', 'How It Works', 'Coming Soon', 'Past Winners', 'Success Stories']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    const challenge = screen.getByTestId('current-challenge');
    const active = COMPETITIONS.find((c) => c.status === 'Active')!;
    expect(within(challenge).getByRole('heading', { name: en._(active.theme) })).toBeInTheDocument();
    expect(within(challenge).getByText('Live Now')).toBeInTheDocument();
    expect(within(challenge).getByRole('link', { name: 'Enter Competition' })).toHaveAttribute('href', paths.register());
    expect(within(challenge).getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', paths.competition(active.id));
    // Success stories: the testimonials with avatars drawn by the page (inline SVG, no image address).
    const stories = screen.getByRole('heading', { name: 'Success Stories' }).closest('section')!;
    expect(within(stories).getAllByTestId('generated-avatar').length).toBeGreaterThanOrEqual(3);
  });

  it('should show the real contests that named their winners first among the Past Winners, each winner linked', async () => {
    const done = {
      id: 4,
      name: 'Scream Queens Showdown — Season 1',
      description: 'Our first season.',
      start_date: '2030-09-01T18:00:00.000Z',
      end_date: '2030-10-01T16:00:00.000Z',
      time_zone: 'America/New_York',
      contestants: 24,
      groups: 3,
      winners: [
        { place: 1, entry_id: 7, username: 'maisie.thorn', first_name: 'Maisie', last_name: 'Thorn', picture_url: null },
        { place: 2, entry_id: 8, username: 'vera', first_name: 'Vera', last_name: 'Voss', picture_url: null },
      ],
    };
    mockNetwork(routes([], [done]));
    const { screen } = renderApp(paths.competitions());
    const card = await screen.findByRole('article', { name: done.name });
    const section = screen.getByRole('heading', { level: 2, name: 'Past Winners' }).closest('section')!;
    expect(within(section).getAllByRole('article')[0]).toBe(card);
    expect(card).toHaveTextContent('Ended Oct 1, 2030, 12:00 PM EDT');
    expect(within(card).getByText('Completed')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Maisie Thorn' })).toHaveAttribute('href', paths.profile('maisie.thorn'));
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1st Maisie Thorn', '2nd Vera Voss']);
    expect(card).toHaveTextContent('24 in 3 groups');
  });

  it('should label the cards Live Now, Coming Soon and Completed by status', async () => {
    expect(Object.fromEntries(Object.entries(STATUS_LABELS).map(([status, label]) => [status, en._(label)]))).toEqual({
      Active: 'Live Now',
      Upcoming: 'Coming Soon',
      Past: 'Completed',
    });
    mockNetwork(routes());
    const { screen } = renderApp(paths.competitions());
    await screen.findByRole('heading', { level: 2, name: 'Coming Soon' });
    const section = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section')!;
    const upcoming = within(section('Coming Soon')).getAllByTestId('competition-card');
    const past = within(section('Past Winners')).getAllByTestId('competition-card');
    expect(upcoming).toHaveLength(COMPETITIONS.filter((c) => c.status === 'Upcoming').length);
    expect(past).toHaveLength(COMPETITIONS.filter((c) => c.status === 'Past').length);
    for (const card of upcoming) expect(within(card).getByText('Coming Soon')).toBeInTheDocument();
    for (const card of past) {
      expect(within(card).getByText('Completed')).toBeInTheDocument();
      expect(within(card).getByText(/Winner/)).toBeInTheDocument();
    }
    // Card pictures are local (generated art), never another host.
    for (const img of document.querySelectorAll('img')) expect(img.getAttribute('src')).toMatch(/^(data:|\/)/);
  });

  it('should show the real current contest (name, dates, leaderboard link) instead of the sample challenge', async () => {
    const contest = makeContest({
      id: 7,
      name: 'Blood Moon Open',
      is_current: true,
      start_date: '2030-10-01T12:00:00.000Z',
      end_date: '2030-10-31T12:00:00.000Z',
    });
    mockNetwork(routes([makeContest({ id: 3, name: 'Not Current Yet' }), contest]));
    const { screen } = renderApp(paths.competitions());
    const challenge = await screen.findByTestId('current-challenge');
    expect(await within(challenge).findByRole('heading', { name: 'Blood Moon Open' })).toBeInTheDocument();
    expect(within(challenge).getByText('October 1, 2030 – October 31, 2030')).toBeInTheDocument();
    expect(within(challenge).getByRole('link', { name: 'View Leaderboard' })).toHaveAttribute('href', paths.leaderboard());
    expect(within(challenge).getByRole('link', { name: 'Enter Competition' })).toHaveAttribute('href', paths.register());
    expect(within(challenge).queryByText(en._(COMPETITIONS.find((c) => c.status === 'Active')!.theme))).not.toBeInTheDocument();
    expect(screen.queryByText('Not Current Yet')).not.toBeInTheDocument();
  });

  it('should keep the sample challenge when the contests cannot be read', async () => {
    mockNetwork({ 'GET /api/v1/site': { body: SITE }, 'GET /api/v1/contests/all-contests': { status: 500, body: { detail: 'boom' } } });
    const { screen } = renderApp(paths.competitions());
    const challenge = await screen.findByTestId('current-challenge');
    expect(await within(challenge).findByRole('link', { name: 'Learn More' })).toBeInTheDocument();
  });
});

describe('CompetitionDetailPage', () => {
  it('should show a sample competition in full', async () => {
    const past = COMPETITIONS.find((c) => c.status === 'Past')!;
    mockNetwork(routes());
    const { screen } = renderApp(paths.competition(past.id));
    expect(await screen.findByRole('heading', { level: 1, name: en._(past.theme) })).toBeInTheDocument();
    expect(screen.getByText('Completed')).toBeInTheDocument();
    expect(screen.getByText(past.winner!)).toBeInTheDocument();
    expect(screen.getByText(en._(past.prize))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All competitions' })).toHaveAttribute('href', paths.competitions());
  });

  it('should answer an unknown id with a friendly not-found and a way back', async () => {
    mockNetwork(routes());
    const { screen, user, router } = renderApp(paths.competition('no-such-night'));
    expect(await screen.findByRole('heading', { name: 'Competition not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Competitions' }));
    expect(router.state.location.pathname).toBe(paths.competitions());
    expect(await screen.findByRole('heading', { level: 1, name: 'Every Month, a New Nightmare' })).toBeInTheDocument();
  });
});

describe('sample competitions on the calendar', () => {
  it('counts each sample month from the current one, so the samples never read as stale', () => {
    const cards = placeInCalendar(
      [
        { ...COMPETITIONS[0]!, monthOffset: 0 },
        { ...COMPETITIONS[0]!, monthOffset: 2, deadlineDay: 20 },
        { ...COMPETITIONS[0]!, monthOffset: -2 },
      ],
      new Date(2026, 10, 24),
    );
    expect(cards.map((c) => [c.monthYear, c.deadline])).toEqual([
      ['November 2026', 'November 30, 2026'],
      ['January 2027', 'January 20, 2027'],
      ['September 2026', 'September 30, 2026'],
    ]);
    expect(cards[0]).not.toHaveProperty('monthOffset');
  });
});

describe('CompetitionsPage in Brazilian Portuguese', () => {
  afterEach(() => act(() => activateLocale('en')));

  it('should show the hero, the sections and the sample cards in Portuguese, prizes in Brazilian money', async () => {
    await act(() => activateLocale('pt-BR'));
    mockNetwork(routes());
    const { screen } = renderApp(paths.competitions());
    expect(await screen.findByRole('heading', { level: 1, name: 'Todo mês, um novo pesadelo' })).toBeInTheDocument();
    for (const name of ['Desafio atual', 'Em breve', 'Vencedores anteriores']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    const challenge = screen.getByTestId('current-challenge');
    expect(within(challenge).getByRole('heading', { name: 'Gritos da Meia-Noite' })).toBeInTheDocument();
    expect(within(challenge).getByText('Ao vivo')).toBeInTheDocument();
    expect(within(challenge).getByText(/prêmio em dinheiro de US\$\s1\.000$/)).toBeInTheDocument();
    expect(within(challenge).getByRole('link', { name: 'Inscreva-se na competição' })).toHaveAttribute('href', paths.register());
  });
});
