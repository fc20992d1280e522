// /terms-of-service.
import { useLingui } from '@lingui/react/macro';
import { LongFormPage } from '../components/long-form-page';
import { useSiteFacts } from '../content/site-facts';
import { termsEffective, termsIntro, termsSections } from '../content/terms';

export function TermsOfServicePage() {
  const facts = useSiteFacts();
  const { t, i18n } = useLingui();
  return <LongFormPage title={t`Terms of Service`} dateLine={termsEffective(i18n)} intro={termsIntro(facts)} sections={termsSections(facts, i18n)} />;
}
