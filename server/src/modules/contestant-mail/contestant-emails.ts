// The contestant e-mails (plain text and simple HTML alike), in the recipient's language, each with its
// unsubscribe line and the List-Unsubscribe headers that let a mail program offer one click.
import type { MailKind } from '#contract/mail/constants.js';
import { MAIL_KIND_TEXT } from '#contract/mail/messages.js';
import { emailHtml } from '#server/infra/mail/email-layout.js';
import type { MailLanguage } from '#server/infra/mail/mail-language.js';
import { LAYOUT_MAIL } from '#server/infra/mail/mail-messages.js';
import type { EmailMessage } from '#server/infra/mail/mailer.js';
import { CONTESTANT_MAIL as M } from './mail-messages.js';

/** Who gets the e-mail, in which language, and the links every contestant e-mail carries. */
export interface Recipient {
  to: string;
  username: string;
  product: string;
  lang: MailLanguage;
  /** The page that turns this kind off (opened from the e-mail's body). */
  unsubscribePage: string;
  /** The address a mail program POSTs to for one-click unsubscribe. */
  unsubscribeApi: string;
  /** Where the button goes (the leaderboard or the dashboard). */
  link: string;
}

const votes = (lang: MailLanguage, n: number) => lang.say(n === 1 ? M.oneVote : M.votes, { count: lang.count(n) });

function compose(kind: MailKind, r: Recipient, subject: string, lines: string[], button: string): EmailMessage {
  const { lang } = r;
  const footer = lang.say(M.footer, { kind: lang.contractText(MAIL_KIND_TEXT[kind].label), product: r.product });
  const unsubscribe = lang.say(M.unsubscribe, {});
  const body = [lang.say(LAYOUT_MAIL.greeting, { name: r.username }), ...lines];
  const text = [...body, r.link, `${footer} ${unsubscribe}: ${r.unsubscribePage}`].join('\n\n');
  return {
    to: r.to,
    subject,
    text: `${text}\n`,
    html: emailHtml(lang, r.product, body, r.link, button, { text: footer, linkText: unsubscribe, link: r.unsubscribePage }),
    headers: { 'List-Unsubscribe': `<${r.unsubscribeApi}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** Where a rank was counted: within the contestant's group (a per-group cut) or the whole contest. */
export type RankScope = 'group' | 'contest';

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
  const { lang } = r;
  const inGroup = f.scope === 'group';
  const facts = { round: f.round, contest: f.contest, rank: lang.ordinal(f.rank), votes: votes(lang, f.votes) };
  if (f.outcome === 'advanced') {
    const nextRound = f.nextRound ?? '';
    return compose(
      'round_results',
      r,
      lang.say(M.advancedSubject, { nextRound, contest: f.contest }),
      [lang.say(inGroup ? M.advancedInGroup : M.advancedOverall, { ...facts, nextRound }), lang.say(M.keepVoting, {})],
      lang.say(M.seeLeaderboard, {}),
    );
  }
  if (f.outcome === 'eliminated') {
    return compose(
      'round_results',
      r,
      lang.say(M.eliminatedSubject, { round: f.round, contest: f.contest }),
      [lang.say(inGroup ? M.eliminatedInGroup : M.eliminatedOverall, facts), lang.say(M.thanks, {})],
      lang.say(M.seeLeaderboard, {}),
    );
  }
  return compose(
    'round_results',
    r,
    lang.say(M.finalSubject, { contest: f.contest }),
    [lang.say(inGroup ? M.finalInGroup : M.finalOverall, facts), lang.say(M.thanks, {})],
    lang.say(M.seeLeaderboard, {}),
  );
}

export function winnerEmail(r: Recipient, f: { contest: string; place: number; votes: number }): EmailMessage {
  const { lang } = r;
  const place = lang.ordinal(f.place);
  return compose(
    'winner',
    r,
    lang.say(M.winnerSubject, { place, contest: f.contest }),
    [lang.say(M.winnerBody, { contest: f.contest, place, votes: votes(lang, f.votes) }), lang.say(M.profileShows, {})],
    lang.say(M.seeWinners, {}),
  );
}

export interface BelowCutFacts {
  contest: string;
  round: string;
  rank: number;
  scope: RankScope;
  /** Votes to reach the cut line (to tie the last contestant who goes on). */
  behind: number;
  /** The round's end, shown in the contest's time zone. */
  endsAt: Date;
  timeZone: string;
}

export function belowCutEmail(r: Recipient, f: BelowCutFacts): EmailMessage {
  const { lang } = r;
  const facts = { rank: lang.ordinal(f.rank), contest: f.contest, behind: votes(lang, f.behind), round: f.round, endsAt: lang.moment(f.endsAt, f.timeZone) };
  return compose(
    'below_cut',
    r,
    lang.say(M.belowCutSubject, { round: f.round }),
    [lang.say(f.scope === 'group' ? M.belowCutInGroup : M.belowCutOverall, facts), lang.say(M.stillTime, {})],
    lang.say(M.openDashboard, {}),
  );
}

export interface DigestFacts {
  contest: string;
  /** The start of the day the votes are from, named in the contest's time zone. */
  day: Date;
  timeZone: string;
  votesYesterday: number;
  rank: number;
  scope: RankScope;
  /** The rank the last digest reported (null: this is the first). */
  previousRank: number | null;
  /** Votes to pass the contestant ranked just above (null: the contestant leads). */
  toNextRank: number | null;
  nextUsername: string | null;
}

/** The digest's rank line: where the rank was counted and how it moved since the last digest. */
function rankLine(lang: MailLanguage, f: DigestFacts): string {
  const inGroup = f.scope === 'group';
  const rank = lang.ordinal(f.rank);
  if (f.previousRank === null) return lang.say(inGroup ? M.rankInGroup : M.rankOverall, { rank });
  if (f.previousRank === f.rank) return lang.say(inGroup ? M.rankInGroupSame : M.rankOverallSame, { rank });
  if (f.previousRank > f.rank) return lang.say(inGroup ? M.rankInGroupUp : M.rankOverallUp, { rank, by: lang.count(f.previousRank - f.rank) });
  return lang.say(inGroup ? M.rankInGroupDown : M.rankOverallDown, { rank, by: lang.count(f.rank - f.previousRank) });
}

export function digestEmail(r: Recipient, f: DigestFacts): EmailMessage {
  const { lang } = r;
  const got = votes(lang, f.votesYesterday);
  const next = f.toNextRank === null ? lang.say(M.youLead, {}) : lang.say(M.toPass, { votes: votes(lang, f.toNextRank), username: f.nextUsername ?? '' });
  return compose(
    'daily_digest',
    r,
    lang.say(M.digestSubject, { contest: f.contest, votes: got }),
    [lang.say(M.digestVotes, { day: lang.day(f.day, f.timeZone), votes: got, contest: f.contest }), rankLine(lang, f), next],
    lang.say(M.openDashboard, {}),
  );
}
