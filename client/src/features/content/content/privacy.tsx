// Privacy policy: what is collected, why, for how long, who receives it, storage in the
// browser, rights, and children's data.
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import type { ContentSection } from '../components/long-form-page';
import { formatLongDate, type SiteFacts } from './site-facts';

/** "Last updated July 29, 2025", the date written in the app's language. */
export function privacyUpdated(i18n: I18n): string {
  const date = formatLongDate('2025-07-29');
  return i18n._(msg`Last updated ${date}`);
}

export const privacyIntro = ({ productName }: SiteFacts) => (
  <Trans>
    This policy explains what {productName} collects when you enter a contest, vote or donate, why we need it, and what you can ask us to do with it.
  </Trans>
);

export function privacySections({ productName }: SiteFacts, i18n: I18n): ContentSection[] {
  return [
    {
      id: 'what-we-collect',
      title: i18n._(msg`What We Collect`),
      body: (
        <ul>
          <li>
            <Trans>
              <strong>Account data:</strong> your name, username, e-mail address, password (stored only as a secure hash), category, the answers on your profile
              and the social links you choose to add.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Pictures:</strong> the photos you upload for your profile. We re-encode them and remove embedded camera data (EXIF) such as location
              before they are stored.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Votes:</strong> to allow one free vote per 24 hours we keep a hashed form of the voter&apos;s network address. We never store raw IP
              addresses.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Payments:</strong> card and account details are handled entirely by our payment providers, Stripe and PayPal, and held in their records.
              We store the payer&apos;s name, e-mail address, the amount and the number of votes bought.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Support messages:</strong> the topic, name, e-mail address and message you send through the contact form.
            </Trans>
          </li>
        </ul>
      ),
    },
    {
      id: 'why-we-use-it',
      title: i18n._(msg`Why We Use It`),
      body: (
        <ul>
          <li>
            <Trans>To run contests: place you in a group, show your profile and count your votes.</Trans>
          </li>
          <li>
            <Trans>To keep voting fair: enforce the daily free vote and detect abuse.</Trans>
          </li>
          <li>
            <Trans>To process donations and send receipts.</Trans>
          </li>
          <li>
            <Trans>To send account e-mails (verification, password reset) and answer your support messages.</Trans>
          </li>
        </ul>
      ),
    },
    {
      id: 'how-long',
      title: i18n._(msg`How Long We Keep It`),
      body: (
        <>
          <p>
            <Trans>
              Account data and pictures are kept while your account exists; when you delete a picture or your account is removed, the files go with it. Hashed
              voter addresses are only needed for the daily vote limit and contest records. Payment records are kept as long as tax and accounting rules
              require. Support messages are kept while we handle them and for a reasonable time afterwards.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'who-receives-it',
      title: i18n._(msg`Who Receives It`),
      body: (
        <>
          <p>
            <Trans>We do not sell your data. We share only what a service needs to do its job for us:</Trans>
          </p>
          <ul>
            <li>
              <Trans>
                <strong>Payment providers</strong> (Stripe, PayPal) receive what you enter in their checkout.
              </Trans>
            </li>
            <li>
              <Trans>
                <strong>E-mail delivery</strong>: the service that sends our e-mails receives your address and the message.
              </Trans>
            </li>
            <li>
              <Trans>Visitors see what a public profile shows: your name, username, pictures, answers, social links and votes.</Trans>
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'cookies-and-storage',
      title: i18n._(msg`Cookies and Local Storage`),
      body: (
        <>
          <p>
            <Trans>
              When you sign in, your sign-in token is kept in your browser&apos;s local storage so that you stay signed in; signing out removes it. We use no
              tracking or advertising cookies, and {productName} pages load no fonts, images or scripts from other sites.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'your-rights',
      title: i18n._(msg`Your Rights`),
      body: (
        <>
          <p>
            <Trans>
              You can see and correct most of your data on your profile pages. You may also ask us for a copy of your data, to correct it, or to delete your
              account. To ask, use the <Link to={paths.contactSupport()}>contact form</Link> (topic &quot;Account&quot;) and we will answer by e-mail.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'your-data-and-deletion',
      title: i18n._(msg`Downloading Your Data and Deleting Your Account`),
      body: (
        <>
          <p>
            <Trans>
              Signed in, you can download everything we hold about your account as one file from your dashboard, and delete your account there. A deletion waits
              a grace period first: sign in before it ends and you can cancel it.
            </Trans>
          </p>
          <p>
            <Trans>
              When the grace period ends we erase your name, e-mail address, username, biography, answers, social links, pictures and sign-in details, and your
              entries leave the public pages. What stays: the votes you received or cast and the payments you made remain in the contest&apos;s records, with
              their amounts and times but without your name or e-mail address. They stay so that vote totals and the payment records stay true, and so that a
              receipt already sent still matches what was paid.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'children',
      title: i18n._(msg`Children's Data`),
      body: (
        <>
          <p>
            <Trans>
              The Teen Queens category is for contestants aged 14 to 17. A minor may take part only with a parent or legal guardian, who accepts the terms on
              their behalf and may ask us at any time to see, correct or delete the minor&apos;s data. We collect no more from minors than from any contestant.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'changes',
      title: i18n._(msg`Changes to This Policy`),
      body: (
        <p>
          <Trans>
            When this policy changes we update the date at the top of this page and, for important changes, tell registered users by e-mail. See also our{' '}
            <Link to={paths.termsOfService()}>Terms of Service</Link>.
          </Trans>
        </p>
      ),
    },
  ];
}
