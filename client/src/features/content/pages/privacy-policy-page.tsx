// /privacy-policy.
import { LongFormPage } from '../components/long-form-page';
import { PRIVACY_UPDATED, privacyIntro, privacySections } from '../content/privacy';
import { useSiteFacts } from '../content/site-facts';

export function PrivacyPolicyPage() {
  const facts = useSiteFacts();
  return <LongFormPage title="Privacy Policy" dateLine={PRIVACY_UPDATED} intro={privacyIntro(facts)} sections={privacySections(facts)} />;
}
