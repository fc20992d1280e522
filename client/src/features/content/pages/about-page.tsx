// /about-us.
import { useLingui } from '@lingui/react/macro';
import { LongFormPage } from '../components/long-form-page';
import { aboutIntro, aboutSections } from '../content/about';
import { useSiteFacts } from '../content/site-facts';

export function AboutPage() {
  const facts = useSiteFacts();
  const { t, i18n } = useLingui();
  const productName = facts.productName;
  return <LongFormPage title={t`About ${productName}`} intro={aboutIntro(facts)} sections={aboutSections(facts, i18n)} />;
}
