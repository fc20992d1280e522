// /terms-of-service.
import { LongFormPage } from '../components/long-form-page';
import { useSiteFacts } from '../content/site-facts';
import { TERMS_EFFECTIVE, termsIntro, termsSections } from '../content/terms';

export function TermsOfServicePage() {
  const facts = useSiteFacts();
  return <LongFormPage title="Terms of Service" dateLine={TERMS_EFFECTIVE} intro={termsIntro(facts)} sections={termsSections(facts)} />;
}
