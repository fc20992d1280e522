import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, waitFor, within } from '@testing-library/react';
import { JOIN_MESSAGES as J } from '#contract/contests/messages';
import { CARRY_VOTES_TEXT as CARRY } from '#contract/contests/round-rules';
import { activateLocale } from '@/lib/i18n/i18n';
import { paths } from '@/lib/paths';
import { deferred, makeContest } from '@/testing/contest-fixtures';
import { mockNetwork, type Reply } from '@/testing/server';
import { meFor, SITE } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render-app';
import { makeToken } from '@/testing/tokens';

const CONTESTS = 'GET /api/v1/contests/all-contests';
const STATUS = 'GET /api/v1/contestants/current-contest';
const JOIN = 'POST /api/v1/contestants/join-contest';

const fright = makeContest({ id: 1, name: 'Fright Night', end_date: null, group_size_cap: null });
const slasher = makeContest({ id: 2, name: 'Slasher Summer', group_size_cap: 25, group_capacity: 25 });
const notIn = { is_in_contest: false, contest_id: null, contest_name: null, group_number: null };

function open(routes: Record<string, Reply | (() => Promise<Reply>)> = {}) {
  const net = mockNetwork({
    'GET /api/v1/site': { body: SITE },
    'GET /api/v1/users/me': { body: meFor('alice') },
    [CONTESTS]: { body: [fright, slasher] },
    [STATUS]: { body: notIn },
    ...routes,
  });
  return { ...renderApp(paths.activeContests()), net };
}

async function openJoinDialog(app: ReturnType<typeof open>) {
  await app.user.click(await app.screen.findByRole('button', { name: 'Join Contest: Fright Night' }));
  return app.screen.findByRole('dialog', { name: 'Confirm Join Contest' });
}

describe('ActiveContestsPage', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', makeToken({ sub: 'alice' }));
  });

  it('should show one card per contest with its dates, group size and a way back', async () => {
    const { screen } = open();
    const card = (await screen.findByRole('article', { name: 'Fright Night' })) as HTMLElement;
    expect(within(card).getByText(/No end date/)).toBeInTheDocument();
    // No group size of its own: the capacity every screen uses (the server's default), never "Not specified".
    expect(within(card).getByText('30 contestants per group')).toBeInTheDocument();
    expect(within(card).queryByText('Not specified')).not.toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Slasher Summer' })).getByText('25 contestants per group')).toBeInTheDocument();
    expect(screen.getByText('Choose a contest to join and start collecting votes.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', paths.dashboard());
  });

  it('should list a contest’s rounds, and say joining is closed once its first cut has run', async () => {
    const round = (position: number, name: string, state: 'closed' | 'running' | 'upcoming') => ({
      id: position,
      position,
      name,
      ends_at: `2030-10-${10 * position}T18:00:00.000Z`,
      advance_per_group: position === 1 ? 4 : null,
      advance_total: null,
      state,
      closed_at: state === 'closed' ? `2030-10-${10 * position}T18:00:01.000Z` : null,
    });
    const cut = makeContest({
      id: 3,
      name: 'Past the Heats',
      winners: 1,
      rounds: [round(1, 'Heats', 'closed'), round(2, 'Final', 'running')],
      current_round: 2,
      carry_votes: false,
    });
    const carried = makeContest({ id: 4, name: 'Carried Over', winners: 1, rounds: [round(1, 'Heats', 'upcoming'), round(2, 'Final', 'upcoming')] });
    const { screen } = open({ [CONTESTS]: { body: [fright, cut, carried] } });
    const card = (await screen.findByRole('article', { name: 'Past the Heats' })) as HTMLElement;
    expect(within(card).getByText(/^Heats \(until .+\), Final \(until .+\)$/)).toBeInTheDocument();
    // Fans are told whether the votes of one round count in the next.
    expect(within(card).getByText(CARRY.restart)).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Carried Over' })).getByText(CARRY.carry)).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Fright Night' })).queryByText(/Votes (carry|restart)/)).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Joining Closed' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Joining Closed' })).toHaveAccessibleDescription(J.pastFirstCut);
    expect(within(screen.getByRole('article', { name: 'Fright Night' })).getByRole('button', { name: 'Join Contest: Fright Night' })).toBeEnabled();
  });

  it('should confirm in a dialog, show Joining..., and go to the success page naming the contest and the group', async () => {
    const reply = deferred<Reply>();
    let status: Record<string, unknown> = notIn;
    const app = open({ [JOIN]: () => reply.promise, [STATUS]: () => Promise.resolve({ body: status }) });
    const dialog = await openJoinDialog(app);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('You can only join one contest at a time.');
    expect(dialog).toHaveTextContent('While you are participating in this contest, you cannot join any other contest.');
    expect(dialog).toHaveTextContent('You will be placed in a group with other contestants.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await app.user.click(within(dialog).getByRole('button', { name: 'Join Contest' }));
    expect(await within(dialog).findByRole('button', { name: 'Joining...' })).toBeDisabled();
    await waitFor(() => expect(app.net.requestsTo('POST', '/api/v1/contestants/join-contest')).toHaveLength(1));
    expect(app.net.requestsTo('POST', '/api/v1/contestants/join-contest')[0].body).toEqual({ contest_id: 1 });

    status = { is_in_contest: true, contest_id: 1, contest_name: 'Fright Night', group_number: 3 };
    reply.release({ status: 201, body: { message: "You're in! You have joined Fright Night in Group 3." } });
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.contestJoinSuccess()));
    expect(await app.screen.findByRole('heading', { name: "You're In!" })).toBeInTheDocument();
    // On the page that stays (no toast that vanishes): the contest and the group, read from the server.
    await waitFor(() =>
      expect(app.screen.getByText(/The spotlight is yours/)).toHaveTextContent(
        'You have joined Fright Night in Group 3. The spotlight is yours: now it is time to gather your fans.',
      ),
    );
    expect(app.screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', paths.dashboard());
    expect(app.screen.getByRole('link', { name: 'Complete Your Profile' })).toHaveAttribute('href', paths.profileBasics());
  });

  it('should close the dialog on Escape or Cancel and give focus back to the button', async () => {
    const app = open();
    await openJoinDialog(app);
    await app.user.keyboard('{Escape}');
    expect(app.screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(app.screen.getByRole('button', { name: 'Join Contest: Fright Night' })).toHaveFocus();

    const dialog = await openJoinDialog(app);
    // Tab stays inside the dialog.
    await app.user.tab();
    await app.user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(app.screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(app.net.requestsTo('POST', '/api/v1/contestants/join-contest')).toHaveLength(0);
  });

  it("should offer Already In Contest and the leaderboard on the user's contest, and say why the others cannot be joined", async () => {
    const { screen } = open({ [STATUS]: { body: { is_in_contest: true, contest_id: 1, contest_name: 'Fright Night', group_number: 2 } } });
    const card = (await screen.findByRole('article', { name: 'Fright Night' })) as HTMLElement;
    expect(await within(card).findByRole('button', { name: 'Already In Contest' })).toBeDisabled();
    expect(within(card).getByRole('link', { name: 'View Leaderboard' })).toHaveAttribute('href', paths.leaderboard());
    // The other contest is not one the user is in: it says what holds it back.
    const other = screen.getByRole('article', { name: 'Slasher Summer' });
    expect(within(other).queryByRole('button', { name: 'Already In Contest' })).not.toBeInTheDocument();
    expect(within(other).getByRole('button', { name: 'One Contest at a Time' })).toBeDisabled();
    expect(within(other).getByRole('button', { name: 'One Contest at a Time' })).toHaveAccessibleDescription(
      'You are competing in Fright Night: you can join another contest once it has ended.',
    );
    expect(screen.queryByRole('button', { name: /^Join Contest/ })).not.toBeInTheDocument();
    expect(screen.getByText("You're already competing in a contest. Follow your standing on the leaderboard.")).toBeInTheDocument();
  });

  it.each([
    ['a 409 with a detail', { status: 409, body: { detail: 'Already joined elsewhere' } }, 'Already joined elsewhere'],
    ['a 409 without a detail', { status: 409, body: {} }, J.alreadyIn],
    ['another failure with a detail', { status: 403, body: { detail: J.verifyFirst } }, J.verifyFirst],
    ['another failure without a detail', { status: 500, body: {} }, J.joinFailed],
  ])('should report %s', async (_name, reply, message) => {
    const app = open({ [JOIN]: reply });
    const dialog = await openJoinDialog(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Join Contest' }));
    expect(await app.screen.findByText(message)).toBeInTheDocument();
    expect(currentPath(app.router)).toBe(paths.activeContests());
  });

  it('should say when there are no active contests', async () => {
    const { screen } = open({ [CONTESTS]: { body: [] } });
    expect(await screen.findByRole('heading', { name: J.noActive })).toBeInTheDocument();
  });

  it('should say when the contests or the status cannot be loaded', async () => {
    const { screen } = open({ [CONTESTS]: { status: 500, body: {} }, [STATUS]: { status: 500, body: {} } });
    expect(await screen.findByText(J.loadFailed)).toBeInTheDocument();
    expect(await screen.findByText(J.statusFailed)).toBeInTheDocument();
  });
});

describe('ActiveContestsPage in Brazilian Portuguese', () => {
  beforeEach(async () => {
    localStorage.clear();
    localStorage.setItem('token', makeToken({ sub: 'alice' }));
    await act(() => activateLocale('pt-BR'));
  });
  afterEach(() => act(() => activateLocale('en')));

  it('should show the cards, their counts and the join dialog in Portuguese', async () => {
    const app = open();
    expect(await app.screen.findByRole('heading', { level: 1, name: 'Concursos ativos' })).toBeInTheDocument();
    expect(app.screen.getByText('Escolha um concurso para participar e comece a receber votos.')).toBeInTheDocument();
    const card = (await app.screen.findByRole('article', { name: 'Fright Night' })) as HTMLElement;
    expect(within(card).getByText('30 participantes por grupo')).toBeInTheDocument();
    expect(within(card).getByText(/Sem data de término/)).toBeInTheDocument();
    await app.user.click(within(card).getByRole('button', { name: 'Participar do concurso: Fright Night' }));
    const dialog = await app.screen.findByRole('dialog', { name: 'Confirmar entrada no concurso' });
    expect(dialog).toHaveTextContent('Você está prestes a entrar em Fright Night.');
    expect(dialog).toHaveTextContent('Você só pode participar de um concurso por vez.');
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
  });
});
