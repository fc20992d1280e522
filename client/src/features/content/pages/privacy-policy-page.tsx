// /privacy-policy.
import { useLingui } from '@lingui/react/macro';
import { LongFormPage } from '../components/long-form-page';
import { privacyIntro, privacySections, privacyUpdated } from '../content/privacy';
import { useSiteFacts } from '../content/site-facts';

export function PrivacyPolicyPage() {
  const facts = useSiteFacts();
  const { t, i18n } = useLingui();
  return <LongFormPage title={t`Privacy Policy`} dateLine={privacyUpdated(i18n)} intro={privacyIntro(facts)} sections={privacySections(facts, i18n)} />;
}
