// About us: what the platform is and how a contest runs, in the landing page's voice.
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import type { ContentSection } from '../components/long-form-page';
import type { SiteFacts } from './site-facts';

export const aboutIntro = ({ productName }: SiteFacts) => (
  <Trans>
    {productName} is a stage for horror performers: head-to-head contests where the audience, not a studio executive, decides who screams their way into a real
    horror film.
  </Trans>
);

export function aboutSections({ productName, charityName, beneficiary }: SiteFacts, i18n: I18n): ContentSection[] {
  return [
    {
      id: 'who-we-are',
      title: i18n._(msg`Who We Are`),
      body: (
        <>
          <p>
            <Trans>
              We are a small crew of filmmakers, make-up artists and lifelong horror fans. We built {productName} because great screams are everywhere, in
              basements, drama clubs and late-night bedroom takes, and too few of them ever reach a set.
            </Trans>
          </p>
          <p>
            <Trans>Entry is free. Bring your best performance, your fans and your nerve; we bring the stage, the rules and the spotlight.</Trans>
          </p>
        </>
      ),
    },
    {
      id: 'how-contests-work',
      title: i18n._(msg`How Contests Work`),
      body: (
        <>
          <p>
            <Trans>
              Each contest runs for one to three months, and we hold at least six a year. You enter one category per contest: Scream Queens, Teen Queens, Heroic
              Males or Creature Killer. Entry is open to U.S. residents only.
            </Trans>
          </p>
          <p>
            <Trans>
              When you join, you are placed in a group of 30 contestants, Groups A to E, so you compete with people you can actually see on the board rather
              than thousands of strangers.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'rounds-and-eliminations',
      title: i18n._(msg`Rounds and Eliminations`),
      body: (
        <>
          <p>
            <Trans>
              A contest plays out in up to three acts. At the end of each act the organisers eliminate contestants, going by the votes in each group, and the
              survivors carry on to the next act with everything to play for.
            </Trans>
          </p>
          <p>
            <Trans>Up to five winners are chosen per contest. The final act is where the loudest fans make the difference.</Trans>
          </p>
        </>
      ),
    },
    {
      id: 'live-leaderboard',
      title: i18n._(msg`The Live Leaderboard`),
      body: (
        <>
          <p>
            <Trans>
              Every vote lands on the <Link to={paths.leaderboard()}>live leaderboard</Link> the moment it is counted: no refresh, no waiting for results day.
              Contestants with the same number of votes share the same rank.
            </Trans>
          </p>
          <p>
            <Trans>Fans get one free vote every 24 hours, so coming back every day matters as much as a big night of sharing.</Trans>
          </p>
        </>
      ),
    },
    {
      id: 'charity',
      title: i18n._(msg`Votes That Give Back`),
      body: (
        <>
          <p>
            <Trans>
              Fans who want to do more can buy extra votes. Paid votes are donations to {charityName}, with {beneficiary} as beneficiary, so every extra vote
              for your favourite also puts a present under a tree. Donations are non-refundable, and competitors may not buy votes for themselves.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'join-us',
      title: i18n._(msg`Join the Cast`),
      body: (
        <>
          <p>
            <Trans>
              Ready to step out of the shadows? <Link to={paths.register()}>Register for free</Link>, see{' '}
              <Link to={paths.competitions()}>what is playing now</Link>, or <Link to={paths.contactSupport()}>ask us anything</Link>. Only the bold survive,
              and we would love to see you try.
            </Trans>
          </p>
        </>
      ),
    },
  ];
}
