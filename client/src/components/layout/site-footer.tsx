// Footer on every page. FAQ and Contact Us both open /contact-support, each at its section.
import { Link } from 'react-router-dom';
import { useProductName, useSiteLogo } from '@/lib/api/site';
import { paths } from '@/lib/paths';
import { SOCIAL_PROFILES } from '@/lib/social-profiles';
import { SocialIcon } from './social-icon';

const LINKS = [
  { to: paths.aboutUs(), label: 'About Us' },
  { to: paths.competitions(), label: 'Competitions' },
  { to: paths.contactSupport({ hash: 'faq' }), label: 'FAQ' },
  { to: paths.contactSupport({ hash: 'contact' }), label: 'Contact Us' },
  { to: paths.privacyPolicy(), label: 'Privacy Policy' },
  { to: paths.termsOfService(), label: 'Terms of Service' },
] as const;

export function SiteFooter() {
  const name = useProductName();
  const logo = useSiteLogo();
  const year = new Date().getFullYear();
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
            The premier platform for head-to-head showdowns where the audience decides every outcome.
          </p>
          <ul className="mt-5 flex gap-3">
            {SOCIAL_PROFILES.map(({ platform, href }) => (
              <li key={platform}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${name} on ${platform}`}
                  className="flex size-10 items-center justify-center rounded-full border border-night-600 text-bone-200 transition-colors hover:border-blood-500 hover:text-blood-400"
                >
                  <SocialIcon platform={platform} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm">
            {LINKS.map(({ to, label }) => (
              <li key={label}>
                <Link to={to} className="text-bone-200 hover:text-blood-300">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-night-800 px-4 py-4 text-center text-xs text-bone-400">
        © {year} {name}. All rights reserved.
      </p>
    </footer>
  );
}
