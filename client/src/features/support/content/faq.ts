// The support page's questions and answers: every contest fact the site states (entry, eligibility,
// votes, prizes, refunds) is said here once, in one typed module, plus what this product adds (the live
// leaderboard and its ties, how payments and receipts work, groups and eliminations). Answers that
// name the site or the charity take them from GET /site, so they read what the server is set to. Every
// text is a descriptor, shown in the app's language where the tabs draw it.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { PICTURES } from '#contract/profiles/constants';
import { donationNotice } from '#contract/payments/messages';
import { contractText } from '@/lib/i18n/contract-text';

export const FAQ_TAB_IDS = ['FAQ', 'CONTEST_PRIZES', 'COMPETITOR', 'VOTER'] as const;
export type FaqTabId = (typeof FAQ_TAB_IDS)[number];

export const FAQ_TAB_LABELS: Record<FaqTabId, MessageDescriptor> = {
  FAQ: msg`FAQ`,
  CONTEST_PRIZES: msg`Contest & Prizes`,
  COMPETITOR: msg`Competitors`,
  VOTER: msg`Voters`,
};

/** What the answers may name: the site, the charity paid votes go to, and the categories registration offers. */
export interface FaqContext {
  product: string;
  charity: string;
  beneficiary: string;
  /** Empty until GET /site answers. */
  categories: readonly string[];
}

/** How many categories there are, in words (a language with genders writes them for "categories"). */
const NUMBER_WORDS = [
  msg({ message: 'no', context: 'a number of categories' }),
  msg({ message: 'one', context: 'a number of categories' }),
  msg({ message: 'two', context: 'a number of categories' }),
  msg({ message: 'three', context: 'a number of categories' }),
  msg({ message: 'four', context: 'a number of categories' }),
  msg({ message: 'five', context: 'a number of categories' }),
  msg({ message: 'six', context: 'a number of categories' }),
  msg({ message: 'seven', context: 'a number of categories' }),
  msg({ message: 'eight', context: 'a number of categories' }),
  msg({ message: 'nine', context: 'a number of categories' }),
  msg({ message: 'ten', context: 'a number of categories' }),
];

/** "There are four categories: A, B, C, D." (nothing while the list is unknown). */
const categoriesSentence = (categories: readonly string[], i18n: I18n): string[] => {
  if (!categories.length) return [];
  const word = NUMBER_WORDS[categories.length];
  const count = word ? i18n._(word) : String(categories.length);
  const category = categories[0];
  const list = categories.join(', ');
  return categories.length === 1 ? [i18n._(msg`There is one category: ${category}.`)] : [i18n._(msg`There are ${count} categories: ${list}.`)];
};

export interface FaqEntry {
  id: string;
  question: MessageDescriptor;
  /** Paragraphs, in the language of `i18n`. */
  answer: (c: FaqContext, i18n: I18n) => string[];
}

const photoTypes = 'JPG, JPEG or PNG';
const photoMaxMb = PICTURES.maxBytes / (1024 * 1024);
const photoMax = PICTURES.max;

export const FAQ_CONTENT: Record<FaqTabId, readonly FaqEntry[]> = {
  FAQ: [
    {
      id: 'what-is',
      question: msg`What is this site?`,
      answer: ({ product, categories }, i18n) => [
        i18n._(
          msg`${product} is a horror-film acting competition decided by fans. Contestants join a contest, are placed in a group with other contestants and collect votes; the ones with the most votes move on.`,
        ),
        ...categoriesSentence(categories, i18n),
      ],
    },
    {
      id: 'cost',
      question: msg`Does it cost anything to enter?`,
      answer: (_, i18n) => [i18n._(msg`No. Entry is free: creating an account, building your profile and joining a contest cost nothing.`)],
    },
    {
      id: 'who',
      question: msg`Who can take part?`,
      answer: (_, i18n) => [
        i18n._(msg`The contests are open to U.S. residents only.`),
        i18n._(
          msg`Ages per category: Teen Queens 14-17; Scream Queens and Heroic Males 14+; Creature Killer 14+. Our terms ask that you are 18 or the age of majority where you live, or that a parent or legal guardian agrees for a minor.`,
        ),
      ],
    },
    {
      id: 'free-vote',
      question: msg`How often can I vote?`,
      answer: (_, i18n) => [
        i18n._(msg`Everyone gets one free vote per 24 hours. You can also buy paid votes, which are donations to our charity (see the Voters tab).`),
      ],
    },
    {
      id: 'refunds',
      question: msg`Can I get a refund for a donation?`,
      answer: (_, i18n) => [
        i18n._(msg`No. Donations are non-refundable: paid votes are counted as soon as the payment is confirmed and the money goes to the charity.`),
      ],
    },
    {
      id: 'contact',
      question: msg`My question is not answered here. How do I reach you?`,
      answer: (_, i18n) => [
        i18n._(msg`Use the contact form on this page. Pick the topic that fits best so the right person reads it; we reply to the e-mail address you give.`),
      ],
    },
  ],
  CONTEST_PRIZES: [
    {
      id: 'length',
      question: msg`How long does a contest run, and how many are there?`,
      answer: (_, i18n) => [i18n._(msg`Each contest runs 1-3 months, and we hold at least 6 contests a year, so there is always another one coming.`)],
    },
    {
      id: 'winners',
      question: msg`How many winners are there?`,
      answer: (_, i18n) => [
        i18n._(
          msg`Up to 5 winners per contest. A contest is played in up to three acts (rounds); after each one, contestants are eliminated and the rest go on to the next.`,
        ),
      ],
    },
    {
      id: 'groups',
      question: msg`How do groups and eliminations work?`,
      answer: (_, i18n) => [
        i18n._(
          msg`When you join a contest you are placed in a group (Group A, Group B and so on) with other contestants. You compete for votes within your group.`,
        ),
        i18n._(
          msg`At the end of an act, the organisers eliminate the contestants who did not make it; an eliminated contestant keeps their profile but collects no more votes in that contest.`,
        ),
      ],
    },
    {
      id: 'leaderboard',
      question: msg`How does the leaderboard work?`,
      answer: (_, i18n) => [
        i18n._(msg`The leaderboard is live: every vote updates it on every screen as it arrives, with no need to reload the page.`),
        i18n._(msg`Contestants with the same number of votes share a rank, so two contestants can both be third; the next one is then fifth.`),
      ],
    },
    {
      id: 'one-category',
      question: msg`Can I enter more than one category?`,
      answer: (_, i18n) => [i18n._(msg`No. You enter one category per contest; you may choose another one in a later contest.`)],
    },
  ],
  COMPETITOR: [
    {
      id: 'join',
      question: msg`How do I enter?`,
      answer: (_, i18n) => [
        i18n._(msg`Register, confirm your e-mail address, complete your profile and join the current contest from your dashboard. Entry is free.`),
      ],
    },
    {
      id: 'photos',
      question: msg`What photos can I upload?`,
      answer: (_, i18n) => [
        i18n._(msg`Photos must be ${photoTypes} files and under ${photoMaxMb}MB each; you can show up to ${photoMax} photos on your profile.`),
      ],
    },
    {
      id: 'ages',
      question: msg`Which category fits my age?`,
      answer: (_, i18n) => [
        i18n._(
          msg`Teen Queens is for ages 14-17; Scream Queens and Heroic Males are open from 14+, and so is Creature Killer. Contestants under 18 need the agreement of a parent or legal guardian.`,
        ),
        i18n._(msg`You compete in one category per contest.`),
      ],
    },
    {
      id: 'buy-votes',
      question: msg`Can I buy votes for myself?`,
      answer: (_, i18n) => [
        i18n._(msg`No. Competitors may not buy votes, for themselves or for anyone else. Ask your fans to vote and to share your profile link instead.`),
      ],
    },
    {
      id: 'promote',
      question: msg`How do I get more votes?`,
      answer: (_, i18n) => [
        i18n._(
          msg`Share your profile link on your social platforms: every fan can give you one free vote per 24 hours, and the leaderboard shows each new vote live.`,
        ),
      ],
    },
  ],
  VOTER: [
    {
      id: 'free',
      question: msg`How do I vote for free?`,
      answer: (_, i18n) => [i18n._(msg`Open a contestant’s profile and cast your free vote. You get one free vote per 24 hours.`)],
    },
    {
      id: 'paid',
      question: msg`What are paid votes?`,
      answer: ({ charity, beneficiary }, i18n) => [
        contractText(donationNotice(charity, beneficiary), i18n),
        i18n._(msg`A donation of your own choosing gives one vote per dollar (at least $1); the vote packages add bonus votes.`),
      ],
    },
    {
      id: 'paying',
      question: msg`How does paying work?`,
      answer: (_, i18n) => [
        i18n._(msg`You pay through Stripe or PayPal on their own secure pages; we never see your card details. You receive a receipt by e-mail.`),
        i18n._(msg`Your votes are added to the contestant once the payment is confirmed, usually within seconds, and the leaderboard updates right away.`),
      ],
    },
    {
      id: 'refund',
      question: msg`Can I get my money back?`,
      answer: (_, i18n) => [
        i18n._(msg`No. Donations are non-refundable. If a payment went wrong (charged but no votes added), write to us with the Billing & donations topic.`),
      ],
    },
    {
      id: 'competitors',
      question: msg`I am a contestant. Can I buy votes?`,
      answer: (_, i18n) => [i18n._(msg`No. Competitors may not buy votes; free votes are open to everyone.`)],
    },
  ],
};
