// The texts of the contestant e-mails (plain text and simple HTML alike), each with its unsubscribe
// line and the List-Unsubscribe headers that let a mail program offer one click.
import { MAIL_KIND_TEXT, type MailKind } from '#contract/mail/constants.js';
import { ordinal } from '#contract/contests/places.js';
import { emailHtml } from '#server/infra/mail/email-layout.js';
import type { EmailMessage } from '#server/infra/mail/mailer.js';

/** Who gets the e-mail and the links every contestant e-mail carries. */
export interface Recipient {
  to: string;
  username: string;
  product: string;
  /** The page that turns this kind off (opened from the e-mail's body). */
  unsubscribePage: string;
  /** The address a mail program POSTs to for one-click unsubscribe. */
  unsubscribeApi: string;
  /** Where the button goes (the leaderboard or the dashboard). */
  link: string;
}

const votes = (n: number) => `${n.toLocaleString('en-US')} vote${n === 1 ? '' : 's'}`;

function compose(kind: MailKind, r: Recipient, subject: string, lines: string[], button: string): EmailMessage {
  const footer = `You get "${MAIL_KIND_TEXT[kind].label}" e-mails from ${r.product} as a contestant.`;
  const text = [...lines, r.link, `${footer} Unsubscribe: ${r.unsubscribePage}`].join('\n\n');
  return {
    to: r.to,
    subject,
    text: `${text}\n`,
    html: emailHtml(r.product, lines, r.link, button, { text: footer, linkText: 'Unsubscribe', link: r.unsubscribePage }),
    headers: { 'List-Unsubscribe': `<${r.unsubscribeApi}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** Where a rank was counted: within the contestant's group (a per-group cut) or the whole contest. */
export type RankScope = 'group' | 'contest';
const where = (scope: RankScope) => (scope === 'group' ? 'in your group' : 'overall');

export interface RoundResultFacts {
  contest: string;
  round: string;
  /** The round the contestant goes on to (advanced), else null. */
  nextRound: string | null;
  outcome: 'advanced' | 'eliminated' | 'finalist';
  rank: number;
  scope: RankScope;
  votes: number;
}

export function roundResultEmail(r: Recipient, f: RoundResultFacts): EmailMessage {
  const standing = `You finished ${ordinal(f.rank)} ${where(f.scope)} with ${votes(f.votes)}`;
  if (f.outcome === 'advanced') {
    return compose(
      'round_results',
      r,
      `You advanced to ${f.nextRound} in ${f.contest}!`,
      [
        `Hi ${r.username},`,
        `${f.round} of ${f.contest} has closed. ${standing} and you advance to ${f.nextRound}.`,
        'Keep your fans voting: the next cut is already counting.',
      ],
      'See the leaderboard',
    );
  }
  if (f.outcome === 'eliminated') {
    return compose(
      'round_results',
      r,
      `${f.round} results: your run in ${f.contest} ends here`,
      [
        `Hi ${r.username},`,
        `${f.round} of ${f.contest} has closed. ${standing}, below the cut, so your run in this contest ends here.`,
        'Thank you for competing, and for every fan you brought.',
      ],
      'See the leaderboard',
    );
  }
  return compose(
    'round_results',
    r,
    `Final results of ${f.contest}`,
    [
      `Hi ${r.username},`,
      `${f.round} of ${f.contest} has closed and the winners are named. ${standing}.`,
      'Thank you for competing, and for every fan you brought.',
    ],
    'See the leaderboard',
  );
}

export function winnerEmail(r: Recipient, f: { contest: string; place: number; votes: number }): EmailMessage {
  return compose(
    'winner',
    r,
    `You won ${ordinal(f.place)} place in ${f.contest}!`,
    [
      `Hi ${r.username},`,
      `Congratulations: ${f.contest} has closed and you are one of its winners, in ${ordinal(f.place)} place with ${votes(f.votes)}.`,
      'Your profile now shows it.',
    ],
    'See the winners',
  );
}

export interface BelowCutFacts {
  contest: string;
  round: string;
  rank: number;
  scope: RankScope;
  /** Votes to reach the cut line (to tie the last contestant who goes on). */
  behind: number;
  /** The round's end as the contest's time zone shows it. */
  endsAt: string;
}

export function belowCutEmail(r: Recipient, f: BelowCutFacts): EmailMessage {
  return compose(
    'below_cut',
    r,
    `You dropped below the cut in ${f.round}`,
    [
      `Hi ${r.username},`,
      `You are ${ordinal(f.rank)} ${where(f.scope)} in ${f.contest}, ${votes(f.behind)} below the cut line of ${f.round}, which ends ${f.endsAt}.`,
      'There is still time: ask your fans to vote.',
    ],
    'Open my dashboard',
  );
}

export interface DigestFacts {
  contest: string;
  /** The day the votes are from, as the contest's time zone names it ("Nov 25, 2026"). */
  day: string;
  votesYesterday: number;
  rank: number;
  scope: RankScope;
  /** The rank the last digest reported (null: this is the first). */
  previousRank: number | null;
  /** Votes to pass the contestant ranked just above (null: the contestant leads). */
  toNextRank: number | null;
  nextUsername: string | null;
}

export function digestEmail(r: Recipient, f: DigestFacts): EmailMessage {
  const change =
    f.previousRank === null || f.previousRank === f.rank
      ? f.previousRank === null
        ? ''
        : ' (unchanged)'
      : f.previousRank > f.rank
        ? ` (up ${f.previousRank - f.rank})`
        : ` (down ${f.rank - f.previousRank})`;
  const next = f.toNextRank === null ? 'You lead: nobody is ranked above you.' : `${votes(f.toNextRank)} to pass @${f.nextUsername}.`;
  return compose(
    'daily_digest',
    r,
    `Your day in ${f.contest}: ${votes(f.votesYesterday)}`,
    [`Hi ${r.username},`, `On ${f.day} you got ${votes(f.votesYesterday)} in ${f.contest}.`, `Your rank: ${ordinal(f.rank)} ${where(f.scope)}${change}.`, next],
    'Open my dashboard',
  );
}
