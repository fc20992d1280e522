// Privacy policy: what is collected, why, for how long, who receives it, storage in the
// browser, rights, and children's data.
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import type { ContentSection } from '../components/long-form-page';
import type { SiteFacts } from './site-facts';

export const PRIVACY_UPDATED = 'Last updated July 29, 2025';

export const privacyIntro = ({ productName }: SiteFacts) =>
  `This policy explains what ${productName} collects when you enter a contest, vote or donate, why we need it, and what you can ask us to do with it.`;

export function privacySections({ productName }: SiteFacts): ContentSection[] {
  return [
    {
      id: 'what-we-collect',
      title: 'What We Collect',
      body: (
        <ul>
          <li>
            <strong>Account data:</strong> your name, username, e-mail address, password (stored only as a secure hash), category, the answers on your profile
            and the social links you choose to add.
          </li>
          <li>
            <strong>Pictures:</strong> the photos you upload for your profile. We re-encode them and remove embedded camera data (EXIF) such as location before
            they are stored.
          </li>
          <li>
            <strong>Votes:</strong> to allow one free vote per 24 hours we keep a hashed form of the voter&apos;s network address. We never store raw IP
            addresses.
          </li>
          <li>
            <strong>Payments:</strong> card and account details are handled entirely by our payment providers, Stripe and PayPal, and held in their records. We
            store the payer&apos;s name, e-mail address, the amount and the number of votes bought.
          </li>
          <li>
            <strong>Support messages:</strong> the topic, name, e-mail address and message you send through the contact form.
          </li>
        </ul>
      ),
    },
    {
      id: 'why-we-use-it',
      title: 'Why We Use It',
      body: (
        <ul>
          <li>To run contests: place you in a group, show your profile and count your votes.</li>
          <li>To keep voting fair: enforce the daily free vote and detect abuse.</li>
          <li>To process donations and send receipts.</li>
          <li>To send account e-mails (verification, password reset) and answer your support messages.</li>
        </ul>
      ),
    },
    {
      id: 'how-long',
      title: 'How Long We Keep It',
      body: (
        <>
          <p>
            Account data and pictures are kept while your account exists; when you delete a picture or your account is removed, the files go with it. Hashed
            voter addresses are only needed for the daily vote limit and contest records. Payment records are kept as long as tax and accounting rules require.
            Support messages are kept while we handle them and for a reasonable time afterwards.
          </p>
        </>
      ),
    },
    {
      id: 'who-receives-it',
      title: 'Who Receives It',
      body: (
        <>
          <p>We do not sell your data. We share only what a service needs to do its job for us:</p>
          <ul>
            <li>
              <strong>Payment providers</strong> (Stripe, PayPal) receive what you enter in their checkout.
            </li>
            <li>
              <strong>E-mail delivery</strong>: the service that sends our e-mails receives your address and the message.
            </li>
            <li>Visitors see what a public profile shows: your name, username, pictures, answers, social links and votes.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'cookies-and-storage',
      title: 'Cookies and Local Storage',
      body: (
        <>
          <p>
            When you sign in, your sign-in token is kept in your browser&apos;s local storage so that you stay signed in; signing out removes it. We use no
            tracking or advertising cookies, and {productName} pages load no fonts, images or scripts from other sites.
          </p>
        </>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your Rights',
      body: (
        <>
          <p>
            You can see and correct most of your data on your profile pages. You may also ask us for a copy of your data, to correct it, or to delete your
            account. To ask, use the <Link to={paths.contactSupport()}>contact form</Link> (topic &quot;Account&quot;) and we will answer by e-mail.
          </p>
        </>
      ),
    },
    {
      id: 'children',
      title: "Children's Data",
      body: (
        <>
          <p>
            The Teen Queens category is for contestants aged 14 to 17. A minor may take part only with a parent or legal guardian, who accepts the terms on
            their behalf and may ask us at any time to see, correct or delete the minor&apos;s data. We collect no more from minors than from any contestant.
          </p>
        </>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to This Policy',
      body: (
        <p>
          When this policy changes we update the date at the top of this page and, for important changes, tell registered users by e-mail. See also our{' '}
          <Link to={paths.termsOfService()}>Terms of Service</Link>.
        </p>
      ),
    },
  ];
}
