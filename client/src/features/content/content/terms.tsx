// Terms of Service (with the contest facts the FAQ states too): effective July 29, 2025.
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import type { ContentSection } from '../components/long-form-page';
import type { SiteFacts } from './site-facts';

export const TERMS_EFFECTIVE = 'Effective July 29, 2025';

export const termsIntro = ({ productName }: SiteFacts) =>
  `These terms govern your use of ${productName}: entering contests, voting and donating. By registering or voting you agree to them.`;

export function termsSections({ productName, charityName, beneficiary }: SiteFacts): ContentSection[] {
  return [
    {
      id: 'eligibility',
      title: 'Eligibility',
      body: (
        <>
          <p>
            Contests are open to U.S. residents only. You must be 18 years old or the age of majority where you live; a minor may take part only through a
            parent or legal guardian who accepts these terms on their behalf.
          </p>
          <p>Category ages: Teen Queens 14-17; Scream Queens and Heroic Males 14 and over.</p>
        </>
      ),
    },
    {
      id: 'entries',
      title: 'Entries',
      body: (
        <ul>
          <li>
            Entry is free. <Link to={paths.register()}>Register</Link> to create your contestant profile.
          </li>
          <li>You may enter one category per contest.</li>
          <li>Photos must be JPG, JPEG or PNG and under 5MB, and must be of you, taken with permission.</li>
          <li>You keep the rights to your pictures and give {productName} permission to show them on the site and in contest promotion.</li>
        </ul>
      ),
    },
    {
      id: 'votes-and-donations',
      title: 'Votes and Donations',
      body: (
        <ul>
          <li>Every voter has one free vote per 24 hours.</li>
          <li>
            Paid votes are donations to {charityName}, with {beneficiary} as beneficiary. Donations are non-refundable except as required by law.
          </li>
          <li>Competitors may not buy votes, for themselves or for anyone else in their contest.</li>
          <li>Votes produced by scripts, bots, multiple accounts or any other automation are void.</li>
        </ul>
      ),
    },
    {
      id: 'how-votes-are-counted',
      title: 'How Votes Are Counted',
      body: (
        <ul>
          <li>
            Each voter has one free vote per contestant every 24 hours. A voter is an internet connection and, when you are signed in, your account: the phones
            and computers on one home network or one mobile connection share a vote, and so do two connections used by one signed-in account.
          </li>
          <li>
            We never keep your IP address. To check the daily limit we keep a keyed fingerprint of your network, which cannot be turned back into the address.
          </li>
          <li>
            Paid votes are donations to {charityName}, with {beneficiary} as beneficiary. They count once the payment is confirmed; a payment that is refunded
            takes its votes back out. A payment for a contestant who has left the contest is refunded instead of counted.
          </li>
          <li>Every vote is recorded with the time it was cast. Leaderboards and profiles show each contestant&apos;s free and paid votes apart.</li>
          <li>Votes produced by scripts, bots, multiple accounts or any other automation are void and may be removed.</li>
          <li>
            Free votes are checked for patterns that people do not make: many votes from one network block, a sudden rate far above a contestant&apos;s usual
            one, a burst of new voters who vote for no one else, votes at machine-regular intervals. A flag is only a reason to look; an administrator decides.
          </li>
          <li>
            Free votes found fraudulent are removed in the open: each contestant&apos;s chart shows removed votes where they were cast, and the contestant sees
            on their dashboard how many were removed, when and why. Paid votes are never removed this way; only a refund takes them back out.
          </li>
        </ul>
      ),
    },
    {
      id: 'contests',
      title: 'Contests and Winners',
      body: (
        <>
          <p>
            Contests run 1-3 months, and at least 6 are held each year. Each contest has up to three acts (rounds) and up to 5 winners. Contestants are placed
            in groups; after each act the organisers may eliminate contestants, going by the votes in their group. See{' '}
            <Link to={paths.howItWorks()}>how it works</Link> for the short version.
          </p>
        </>
      ),
    },
    {
      id: 'conduct',
      title: 'Conduct and Disqualification',
      body: (
        <>
          <p>
            Be scary on screen and decent off it. Harassment, hate, nudity, impersonation, pictures you have no right to use, and any attempt to manipulate
            votes are not allowed.
          </p>
          <p>
            We may remove content, disqualify a contestant or close an account that breaks these terms. Votes and donations made for a disqualified contestant
            are not refunded.
          </p>
        </>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to These Terms',
      body: (
        <p>
          We announce changes to these terms 30 days before they take effect, on this page and by e-mail to registered users. Continuing to use {productName}{' '}
          after that date means you accept the new terms.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Questions',
      body: (
        <p>
          Answers to common questions are on our <Link to={paths.support()}>support page</Link>. For anything else,{' '}
          <Link to={paths.contactSupport()}>contact us</Link>.
        </p>
      ),
    },
  ];
}
