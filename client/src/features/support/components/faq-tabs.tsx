// The FAQ of the support page: the four tabs, each an accordion of its questions. The
// tabs mount only the chosen panel, so switching tab closes whatever answer was open.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Accordion } from '@/components/ui/accordion';
import { Tabs } from '@/components/ui/tabs';
import { useGetSiteQuery, useProductName } from '@/lib/api/site';
import { FAQ_CONTENT, FAQ_TAB_IDS, FAQ_TAB_LABELS, type FaqContext } from '../content/faq';

// The words of the vote page (donationNotice) before GET /site answers.
const DEFAULT_CHARITY = msg`our partner charity`;
const DEFAULT_BENEFICIARY = msg`a children's toy-drive foundation`;

function useFaqContext(): FaqContext {
  const product = useProductName();
  const { data: site } = useGetSiteQuery();
  const { i18n } = useLingui();
  return {
    product,
    charity: site?.charity_name || i18n._(DEFAULT_CHARITY),
    beneficiary: site?.charity_beneficiary || i18n._(DEFAULT_BENEFICIARY),
    categories: site?.categories ?? [],
  };
}

export function FaqTabs() {
  const context = useFaqContext();
  const { t, i18n } = useLingui();
  const items = FAQ_TAB_IDS.map((id) => ({
    id,
    label: i18n._(FAQ_TAB_LABELS[id]),
    panel: (
      <Accordion
        items={FAQ_CONTENT[id].map((entry) => ({
          id: entry.id,
          title: i18n._(entry.question),
          content: (
            <div className="space-y-3 leading-relaxed">
              {entry.answer(context, i18n).map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          ),
        }))}
      />
    ),
  }));
  return <Tabs items={items} label={t`Help topics`} />;
}
