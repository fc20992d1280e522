// /about-us.
import { LongFormPage } from '../components/long-form-page';
import { aboutIntro, aboutSections } from '../content/about';
import { useSiteFacts } from '../content/site-facts';

export function AboutPage() {
  const facts = useSiteFacts();
  return <LongFormPage title={`About ${facts.productName}`} intro={aboutIntro(facts)} sections={aboutSections(facts)} />;
}
