// The framed vote card: no site header or footer, the free vote with the vote page's rules, "Buy votes"
// in a new window, the count moved by the contestant's tallies, the look the address asks for.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { waitFor } from '@testing-library/react';
import { PROFILE_MESSAGES as P } from '#contract/profiles/messages';
import { VOTE_MESSAGES as V } from '#contract/votes/messages';
import { paths } from '@/lib/paths';
import { SITE } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { mockNetwork, type Responder } from '@/testing/server';
import { tallyOf } from '@/testing/tally';
import { makeProfile } from '@/testing/vote-fixtures';

const PROFILE = 'GET /api/v1/contestants/vera';
const CHECK = 'GET /api/v1/contestants/vera/vote-check';
const VOTE = 'POST /api/v1/contestants/vera/vote';

function open(routes: Record<string, Responder> = {}, query = '') {
  const net = mockNetwork({
    'GET /api/v1/site': { body: SITE },
    [PROFILE]: { body: makeProfile() },
    [CHECK]: { body: { hasVoted: false, next_vote_at: null, refusal: null } },
    [VOTE]: { status: 201, body: { message: V.counted, next_vote_at: null } },
    ...routes,
  });
  return { ...renderApp(`${paths.embed.voteCard('vera')}${query}`), net };
}

describe('EmbedVoteCardPage', () => {
  beforeEach(() => localStorage.clear());

  it('should show the contestant, their votes and the free vote, without the site around it, and buy in a new window', async () => {
    // The profile read again after the vote has it counted.
    let voted = false;
    const counted = makeProfile({ active_contest_entry: { ...makeProfile().active_contest_entry!, current_contest_votes: 41 } });
    const app = open({
      [PROFILE]: () => ({ body: voted ? counted : makeProfile() }),
      [VOTE]: () => ((voted = true), { status: 201, body: { message: V.counted, next_vote_at: null } }),
    });
    expect(await app.screen.findByRole('heading', { level: 1, name: 'Vera Voss' })).toBeInTheDocument();
    expect(app.screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(app.screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(app.screen.getByText('40')).toBeInTheDocument();
    const buy = app.screen.getByRole('link', { name: /Buy votes/ });
    expect(buy).toHaveAttribute('href', paths.vote(makeProfile().id));
    expect(buy).toHaveAttribute('target', '_blank');
    expect(buy).toHaveAttribute('rel', 'noopener');

    const button = await app.screen.findByRole('button', { name: V.castButton });
    await waitFor(() => expect(button).toBeEnabled());
    await app.user.click(button);
    expect(await app.screen.findByRole('button', { name: V.alreadyVotedButton })).toBeDisabled();
    expect(app.net.requestsTo('POST', '/api/v1/contestants/vera/vote')).toHaveLength(1);
    expect(app.screen.getByText('41')).toBeInTheDocument();
  });

  it('should send a signed-out visitor to the site to sign in and vote when free votes are by account, never inside the frame', async () => {
    const app = open({ 'GET /api/v1/site': { body: { ...SITE, vote_identity: 'account' } } });
    const signIn = await app.screen.findByRole('link', { name: /Sign in and vote on the site/ });
    expect(signIn).toHaveAttribute('href', paths.profile('vera'));
    expect(signIn).toHaveAttribute('target', '_blank');
    expect(app.screen.getByRole('heading', { name: V.signInToVote })).toBeInTheDocument();
    expect(app.screen.queryByRole('link', { name: /Sign in with your password/ })).not.toBeInTheDocument();
    expect(app.screen.queryByRole('button', { name: V.castButton })).not.toBeInTheDocument();
  });

  it("should follow the contestant's room: a tally (a purchase credited elsewhere) moves the count", async () => {
    const app = open();
    await app.screen.findByRole('heading', { level: 1, name: 'Vera Voss' });
    await waitFor(() => expect(app.socket.joined()).toEqual(new Set(['contestant:vera'])));
    await app.socket.push('tally', tallyOf(5, [{ entry_id: 31, username: 'vera', votes: 52, paid: 12, total: 132 }]));
    expect(app.screen.getByText('52')).toBeInTheDocument();
  });

  it('should take the colours the address asks for, and ignore values that are not six hex digits', async () => {
    const app = open({}, '?accent=1d4ed8&bg=ffffff&text=111111&compact=1');
    await app.screen.findByRole('heading', { level: 1, name: 'Vera Voss' });
    const main = app.container.querySelector('main')!;
    expect(main.style.getPropertyValue('--color-blood-500')).toBe('#1d4ed8');
    expect(main.style.getPropertyValue('--color-night-950')).toBe('#ffffff');
    expect(main.style.getPropertyValue('--color-bone-50')).toBe('#111111');
    // Compact: no picture.
    expect(app.screen.queryByRole('img')).not.toBeInTheDocument();

    const plain = open({}, '?accent=red;x:y&bg=fff');
    await plain.screen.findAllByRole('heading', { level: 1, name: 'Vera Voss' });
    expect(plain.container.querySelector('main')!.getAttribute('style')).toBeNull();
  });

  it('should say so when there is no such contestant', async () => {
    const app = open({ [PROFILE]: { status: 404, body: { detail: 'Profile not found' } } });
    expect(await app.screen.findByRole('alert')).toHaveTextContent(P.notFound);
  });
});
