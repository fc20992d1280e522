// The support page's questions and answers: every contest fact the site states (entry, eligibility,
// votes, prizes, refunds) is said here once, in one typed module, plus what this product adds (the live
// leaderboard and its ties, how payments and receipts work, groups and eliminations). Answers that
// name the site or the charity take them from GET /site, so they read what the server is set to.
import { PICTURES } from '#contract/profiles/constants';
import { donationNotice } from '#contract/payments/messages';

export const FAQ_TAB_IDS = ['FAQ', 'CONTEST_PRIZES', 'COMPETITOR', 'VOTER'] as const;
export type FaqTabId = (typeof FAQ_TAB_IDS)[number];

export const FAQ_TAB_LABELS: Record<FaqTabId, string> = {
  FAQ: 'FAQ',
  CONTEST_PRIZES: 'Contest & Prizes',
  COMPETITOR: 'Competitors',
  VOTER: 'Voters',
};

/** What the answers may name: the site, the charity paid votes go to, and the categories registration offers. */
export interface FaqContext {
  product: string;
  charity: string;
  beneficiary: string;
  /** Empty until GET /site answers. */
  categories: readonly string[];
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** "There are four categories: A, B, C, D." (nothing while the list is unknown). */
const categoriesSentence = (categories: readonly string[]): string[] => {
  if (!categories.length) return [];
  const count = NUMBER_WORDS[categories.length] ?? String(categories.length);
  return categories.length === 1 ? [`There is one category: ${categories[0]}.`] : [`There are ${count} categories: ${categories.join(', ')}.`];
};

export interface FaqEntry {
  id: string;
  question: string;
  /** Paragraphs. */
  answer: (c: FaqContext) => string[];
}

const photoTypes = 'JPG, JPEG or PNG';
const photoMaxMb = PICTURES.maxBytes / (1024 * 1024);

export const FAQ_CONTENT: Record<FaqTabId, readonly FaqEntry[]> = {
  FAQ: [
    {
      id: 'what-is',
      question: 'What is this site?',
      answer: ({ product, categories }) => [
        `${product} is a horror-film acting competition decided by fans. Contestants join a contest, are placed in a group with other contestants and collect votes; the ones with the most votes move on.`,
        ...categoriesSentence(categories),
      ],
    },
    {
      id: 'cost',
      question: 'Does it cost anything to enter?',
      answer: () => ['No. Entry is free: creating an account, building your profile and joining a contest cost nothing.'],
    },
    {
      id: 'who',
      question: 'Who can take part?',
      answer: () => [
        'The contests are open to U.S. residents only.',
        'Ages per category: Teen Queens 14-17; Scream Queens and Heroic Males 14+; Creature Killer 14+. Our terms ask that you are 18 or the age of majority where you live, or that a parent or legal guardian agrees for a minor.',
      ],
    },
    {
      id: 'free-vote',
      question: 'How often can I vote?',
      answer: () => ['Everyone gets one free vote per 24 hours. You can also buy paid votes, which are donations to our charity (see the Voters tab).'],
    },
    {
      id: 'refunds',
      question: 'Can I get a refund for a donation?',
      answer: () => ['No. Donations are non-refundable: paid votes are counted as soon as the payment is confirmed and the money goes to the charity.'],
    },
    {
      id: 'contact',
      question: 'My question is not answered here. How do I reach you?',
      answer: () => ['Use the contact form on this page. Pick the topic that fits best so the right person reads it; we reply to the e-mail address you give.'],
    },
  ],
  CONTEST_PRIZES: [
    {
      id: 'length',
      question: 'How long does a contest run, and how many are there?',
      answer: () => ['Each contest runs 1-3 months, and we hold at least 6 contests a year, so there is always another one coming.'],
    },
    {
      id: 'winners',
      question: 'How many winners are there?',
      answer: () => [
        'Up to 5 winners per contest. A contest is played in up to three acts (rounds); after each one, contestants are eliminated and the rest go on to the next.',
      ],
    },
    {
      id: 'groups',
      question: 'How do groups and eliminations work?',
      answer: () => [
        'When you join a contest you are placed in a group (Group A, Group B and so on) with other contestants. You compete for votes within your group.',
        'At the end of an act, the organisers eliminate the contestants who did not make it; an eliminated contestant keeps their profile but collects no more votes in that contest.',
      ],
    },
    {
      id: 'leaderboard',
      question: 'How does the leaderboard work?',
      answer: () => [
        'The leaderboard is live: every vote updates it on every screen as it arrives, with no need to reload the page.',
        'Contestants with the same number of votes share a rank, so two contestants can both be third; the next one is then fifth.',
      ],
    },
    {
      id: 'one-category',
      question: 'Can I enter more than one category?',
      answer: () => ['No. You enter one category per contest; you may choose another one in a later contest.'],
    },
  ],
  COMPETITOR: [
    {
      id: 'join',
      question: 'How do I enter?',
      answer: () => ['Register, confirm your e-mail address, complete your profile and join the current contest from your dashboard. Entry is free.'],
    },
    {
      id: 'photos',
      question: 'What photos can I upload?',
      answer: () => [`Photos must be ${photoTypes} files and under ${photoMaxMb}MB each; you can show up to ${PICTURES.max} photos on your profile.`],
    },
    {
      id: 'ages',
      question: 'Which category fits my age?',
      answer: () => [
        'Teen Queens is for ages 14-17; Scream Queens and Heroic Males are open from 14+, and so is Creature Killer. Contestants under 18 need the agreement of a parent or legal guardian.',
        'You compete in one category per contest.',
      ],
    },
    {
      id: 'buy-votes',
      question: 'Can I buy votes for myself?',
      answer: () => ['No. Competitors may not buy votes, for themselves or for anyone else. Ask your fans to vote and to share your profile link instead.'],
    },
    {
      id: 'promote',
      question: 'How do I get more votes?',
      answer: () => [
        'Share your profile link on your social platforms: every fan can give you one free vote per 24 hours, and the leaderboard shows each new vote live.',
      ],
    },
  ],
  VOTER: [
    {
      id: 'free',
      question: 'How do I vote for free?',
      answer: () => ['Open a contestant’s profile and cast your free vote. You get one free vote per 24 hours.'],
    },
    {
      id: 'paid',
      question: 'What are paid votes?',
      answer: ({ charity, beneficiary }) => [
        donationNotice(charity, beneficiary),
        'A donation of your own choosing gives one vote per dollar (at least $1); the vote packages add bonus votes.',
      ],
    },
    {
      id: 'paying',
      question: 'How does paying work?',
      answer: () => [
        'You pay through Stripe or PayPal on their own secure pages; we never see your card details. You receive a receipt by e-mail.',
        'Your votes are added to the contestant once the payment is confirmed, usually within seconds, and the leaderboard updates right away.',
      ],
    },
    {
      id: 'refund',
      question: 'Can I get my money back?',
      answer: () => ['No. Donations are non-refundable. If a payment went wrong (charged but no votes added), write to us with the Billing & donations topic.'],
    },
    {
      id: 'competitors',
      question: 'I am a contestant. Can I buy votes?',
      answer: () => ['No. Competitors may not buy votes; free votes are open to everyone.'],
    },
  ],
};
