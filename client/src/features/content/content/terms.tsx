// Terms of Service (with the contest facts the FAQ states too): effective July 29, 2025.
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import type { ContentSection } from '../components/long-form-page';
import { formatLongDate, type SiteFacts } from './site-facts';

/** "Effective July 29, 2025", the date written in the app's language. */
export function termsEffective(i18n: I18n): string {
  const date = formatLongDate('2025-07-29');
  return i18n._(msg`Effective ${date}`);
}

export const termsIntro = ({ productName }: SiteFacts) => (
  <Trans>These terms govern your use of {productName}: entering contests, voting and donating. By registering or voting you agree to them.</Trans>
);

export function termsSections({ productName, charityName, beneficiary }: SiteFacts, i18n: I18n): ContentSection[] {
  return [
    {
      id: 'eligibility',
      title: i18n._(msg`Eligibility`),
      body: (
        <>
          <p>
            <Trans>
              Contests are open to U.S. residents only. You must be 18 years old or the age of majority where you live; a minor may take part only through a
              parent or legal guardian who accepts these terms on their behalf.
            </Trans>
          </p>
          <p>
            <Trans>Category ages: Teen Queens 14-17; Scream Queens and Heroic Males 14 and over.</Trans>
          </p>
        </>
      ),
    },
    {
      id: 'entries',
      title: i18n._(msg`Entries`),
      body: (
        <ul>
          <li>
            <Trans>
              Entry is free. <Link to={paths.register()}>Register</Link> to create your contestant profile.
            </Trans>
          </li>
          <li>
            <Trans>You may enter one category per contest.</Trans>
          </li>
          <li>
            <Trans>Photos must be JPG, JPEG or PNG and under 5MB, and must be of you, taken with permission.</Trans>
          </li>
          <li>
            <Trans>You keep the rights to your pictures and give {productName} permission to show them on the site and in contest promotion.</Trans>
          </li>
        </ul>
      ),
    },
    {
      id: 'votes-and-donations',
      title: i18n._(msg`Votes and Donations`),
      body: (
        <ul>
          <li>
            <Trans>Every voter has one free vote per 24 hours.</Trans>
          </li>
          <li>
            <Trans>
              Paid votes are donations to {charityName}, with {beneficiary} as beneficiary. Donations are non-refundable except as required by law.
            </Trans>
          </li>
          <li>
            <Trans>Competitors may not buy votes, for themselves or for anyone else in their contest.</Trans>
          </li>
          <li>
            <Trans>Votes produced by scripts, bots, multiple accounts or any other automation are void.</Trans>
          </li>
        </ul>
      ),
    },
    {
      id: 'how-votes-are-counted',
      title: i18n._(msg`How Votes Are Counted`),
      body: (
        <ul>
          <li>
            <Trans>
              Each voter has one free vote per contestant every 24 hours. A voter is an internet connection and, when you are signed in, your account: the
              phones and computers on one home network or one mobile connection share a vote, and so do two connections used by one signed-in account.
            </Trans>
          </li>
          <li>
            <Trans>
              We never keep your IP address. To check the daily limit we keep a keyed fingerprint of your network, which cannot be turned back into the address.
            </Trans>
          </li>
          <li>
            <Trans>
              Paid votes are donations to {charityName}, with {beneficiary} as beneficiary. They count once the payment is confirmed; a payment that is refunded
              takes its votes back out. A payment for a contestant who has left the contest is refunded instead of counted.
            </Trans>
          </li>
          <li>
            <Trans>Every vote is recorded with the time it was cast. Leaderboards and profiles show each contestant&apos;s free and paid votes apart.</Trans>
          </li>
          <li>
            <Trans>Votes produced by scripts, bots, multiple accounts or any other automation are void and may be removed.</Trans>
          </li>
          <li>
            <Trans>
              Free votes are checked for patterns that people do not make: many votes from one network block, a sudden rate far above a contestant&apos;s usual
              one, a burst of new voters who vote for no one else, votes at machine-regular intervals. A flag is only a reason to look; an administrator
              decides.
            </Trans>
          </li>
          <li>
            <Trans>
              Free votes found fraudulent are removed in the open: each contestant&apos;s chart shows removed votes where they were cast, and the contestant
              sees on their dashboard how many were removed, when and why. Paid votes are never removed this way; only a refund takes them back out.
            </Trans>
          </li>
        </ul>
      ),
    },
    {
      id: 'contests',
      title: i18n._(msg`Contests and Winners`),
      body: (
        <>
          <p>
            <Trans>
              Contests run 1-3 months, and at least 6 are held each year. Each contest has up to three acts (rounds) and up to 5 winners. Contestants are placed
              in groups; after each act the organisers may eliminate contestants, going by the votes in their group. See{' '}
              <Link to={paths.howItWorks()}>how it works</Link> for the short version.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'conduct',
      title: i18n._(msg`Conduct and Disqualification`),
      body: (
        <>
          <p>
            <Trans>
              Be scary on screen and decent off it. Harassment, hate, nudity, impersonation, pictures you have no right to use, and any attempt to manipulate
              votes are not allowed.
            </Trans>
          </p>
          <p>
            <Trans>
              We may remove content, disqualify a contestant or close an account that breaks these terms. Votes and donations made for a disqualified contestant
              are not refunded.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'changes',
      title: i18n._(msg`Changes to These Terms`),
      body: (
        <p>
          <Trans>
            We announce changes to these terms 30 days before they take effect, on this page and by e-mail to registered users. Continuing to use {productName}{' '}
            after that date means you accept the new terms.
          </Trans>
        </p>
      ),
    },
    {
      id: 'contact',
      title: i18n._(msg`Questions`),
      body: (
        <p>
          <Trans>
            Answers to common questions are on our <Link to={paths.support()}>support page</Link>. For anything else,{' '}
            <Link to={paths.contactSupport()}>contact us</Link>.
          </Trans>
        </p>
      ),
    },
  ];
}
