// Footer on every page. FAQ and Contact Us both open /contact-support, each at its section; the
// language switcher sits under the links.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { useProductName, useSiteLogo } from '@/lib/api/site';
import { paths } from '@/lib/paths';
import { SOCIAL_PROFILES } from '@/lib/social-profiles';
import { LocaleSwitcher } from './locale-switcher';
import { SocialIcon } from './social-icon';

const LINKS = [
  { to: paths.aboutUs(), label: msg`About Us` },
  { to: paths.competitions(), label: msg`Competitions` },
  { to: paths.contactSupport({ hash: 'faq' }), label: msg`FAQ` },
  { to: paths.contactSupport({ hash: 'contact' }), label: msg`Contact Us` },
  { to: paths.privacyPolicy(), label: msg`Privacy Policy` },
  { to: paths.termsOfService(), label: msg`Terms of Service` },
] as const;

export function SiteFooter() {
  const name = useProductName();
  const logo = useSiteLogo();
  const year = new Date().getFullYear();
  const { t, i18n } = useLingui();
  return (
    <footer className="below-fold border-t border-night-700 bg-night-950">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[1.4fr_1fr] lg:px-8">
        <div>
          <p className="mb-3 flex items-center gap-2 font-display text-lg font-bold text-bone-50">
            {logo ? <img src={logo} alt={name} className="h-7 w-auto max-w-28 object-contain" /> : null}
            {/* With a logo its text alternative names the site already. */}
            <span aria-hidden={logo ? true : undefined}>{name}</span>
          </p>
          <p className="max-w-md text-sm leading-relaxed text-bone-400">
            <Trans>The premier platform for head-to-head showdowns where the audience decides every outcome.</Trans>
          </p>
          <ul className="mt-5 flex gap-3">
            {SOCIAL_PROFILES.map(({ platform, href }) => (
              <li key={platform}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t`${name} on ${platform}`}
                  className="flex size-10 items-center justify-center rounded-full border border-night-600 text-bone-200 transition-colors hover:border-blood-500 hover:text-blood-400"
                >
                  <SocialIcon platform={platform} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className="space-y-6">
          <nav aria-label={t`Footer`}>
            <ul className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm">
              {LINKS.map(({ to, label }) => (
                <li key={label.id}>
                  <Link to={to} className="text-bone-200 hover:text-blood-300">
                    {i18n._(label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <LocaleSwitcher />
        </div>
      </div>
      <p className="border-t border-night-800 px-4 py-4 text-center text-xs text-bone-400">
        <Trans>
          © {year} {name}. All rights reserved.
        </Trans>
      </p>
    </footer>
  );
}
