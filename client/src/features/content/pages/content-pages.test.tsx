import { describe, expect, it } from '@jest/globals';
import { within } from '@testing-library/react';
import { paths } from '@/lib/paths';
import { mockNetwork } from '@/testing/server';
import { renderApp } from '@/testing/render-app';
import { SITE } from '@/testing/fixtures';
import { inLocale } from '@/testing/locale';

const PAGES = [
  { path: paths.aboutUs(), heading: 'About FrightNight' },
  { path: paths.privacyPolicy(), heading: 'Privacy Policy' },
  { path: paths.termsOfService(), heading: 'Terms of Service' },
] as const;

const site = { ...SITE, product_name: 'FrightNight', charity_name: 'Candle Light Trust', charity_beneficiary: 'the Toy Box Drive' };

/** Every link of the table of contents, with the element its hash points at. */
function tocTargets(screen: ReturnType<typeof renderApp>['screen']) {
  const nav = screen.getByRole('navigation', { name: 'Contents' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => {
      const hash = new URL(link.getAttribute('href') ?? '', 'http://x').hash.slice(1);
      return { link, hash, target: document.getElementById(hash) };
    });
}

describe('Static pages', () => {
  it.each(PAGES)('$path should render its title and a table of contents whose every link points at a section of the page', async ({ path, heading }) => {
    mockNetwork({ 'GET /api/v1/site': { body: site } });
    const { screen } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    const targets = tocTargets(screen);
    expect(targets.length).toBeGreaterThanOrEqual(5);
    for (const { link, hash, target } of targets) {
      expect(hash).not.toBe('');
      expect(target?.tagName).toBe('SECTION');
      // The link's text is the section's heading.
      expect(within(target!).getByRole('heading', { level: 2 })).toHaveTextContent(link.textContent ?? '');
    }
    expect(new Set(targets.map((t) => t.hash)).size).toBe(targets.length);
    expect(screen.getByRole('button', { name: 'Back to top' })).toBeInTheDocument();
    expect(screen.queryByText('This scene is still being shot. Check back soon.')).not.toBeInTheDocument();
  });

  it('should move to the section when a contents link is followed', async () => {
    mockNetwork({ 'GET /api/v1/site': { body: site } });
    const { screen, router, user } = renderApp(paths.privacyPolicy());
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    await user.click(screen.getByRole('link', { name: 'Cookies and Local Storage' }));
    expect(router.state.location).toMatchObject({ pathname: paths.privacyPolicy(), hash: '#cookies-and-storage' });
  });

  it('the terms should be effective July 29, 2025 and state eligibility, entries, votes, changes and the links of the spec', async () => {
    mockNetwork({ 'GET /api/v1/site': { body: site } });
    const { screen } = renderApp(paths.termsOfService());
    expect(await screen.findByText('Effective July 29, 2025')).toBeInTheDocument();
    const text = document.querySelector('article')!.textContent!;
    for (const fact of [
      'U.S. residents only',
      '18 years old or the age of majority',
      'legal guardian',
      'Entry is free',
      'one category per contest',
      'JPG, JPEG or PNG and under 5MB',
      'one free vote per 24 hours',
      'Donations are non-refundable',
      'Competitors may not buy votes',
      'Contests run 1-3 months, and at least 6 are held each year',
      'up to 5 winners',
      '30 days before',
      'Candle Light Trust',
      'the Toy Box Drive',
      'FrightNight',
      'one free vote per contestant every 24 hours',
      'one home network or one mobile connection share a vote',
      'We never keep your IP address',
      'refunded takes its votes back out',
      'free and paid votes apart',
    ]) {
      expect(text).toContain(fact);
    }
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    for (const href of [paths.support(), paths.contactSupport(), paths.register(), paths.howItWorks()]) expect(hrefs).toContain(href);
  });

  it('the privacy policy should name what is collected, who receives it, the browser storage, rights and children', async () => {
    mockNetwork({ 'GET /api/v1/site': { body: site } });
    const { screen } = renderApp(paths.privacyPolicy());
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    const text = document.querySelector('article')!.textContent!;
    for (const fact of [
      'never store raw IP addresses',
      'Stripe and PayPal',
      'payer',
      'local storage',
      'no tracking',
      'Teen Queens',
      '14 to 17',
      'legal guardian',
    ]) {
      expect(text).toContain(fact);
    }
    expect(screen.getByRole('link', { name: 'contact form' })).toHaveAttribute('href', paths.contactSupport());
  });

  it('the about page should explain groups, acts and the charity with the site’s names, and fall back to defaults', async () => {
    mockNetwork({ 'GET /api/v1/site': { body: site } });
    const first = renderApp(paths.aboutUs());
    await first.screen.findByRole('heading', { level: 1, name: 'About FrightNight' });
    const text = document.querySelector('article')!.textContent!;
    for (const fact of ['group of 30 contestants, Groups A to E', 'up to three acts', 'live leaderboard', 'Candle Light Trust', 'the Toy Box Drive']) {
      expect(text).toContain(fact);
    }
    first.unmount();

    mockNetwork({ 'GET /api/v1/site': { status: 500, body: {} } });
    const { screen } = renderApp(paths.aboutUs());
    expect(await screen.findByRole('heading', { level: 1, name: 'About ScreamStage' })).toBeInTheDocument();
    expect(document.querySelector('article')!.textContent).toContain("a children's toy-drive foundation");
  });
});

describe('Static pages in Brazilian Portuguese', () => {
  inLocale('pt-BR');

  it('the terms should be in Portuguese, dated as Brazilians write it, with the site names and a table of contents', async () => {
    mockNetwork({ 'GET /api/v1/site': { body: site } });
    const { screen } = renderApp(paths.termsOfService());
    expect(await screen.findByRole('heading', { level: 1, name: 'Termos de Serviço' })).toBeInTheDocument();
    expect(screen.getByText('Em vigor desde 29 de julho de 2025')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Sumário' });
    expect(within(nav).getByRole('link', { name: 'Como os votos são contados' })).toBeInTheDocument();
    const text = document.querySelector('article')!.textContent!;
    for (const fact of ['residentes nos EUA', 'A inscrição é gratuita', 'Candle Light Trust', 'the Toy Box Drive', 'Continuar usando o FrightNight']) {
      expect(text).toContain(fact);
    }
    expect(screen.getByRole('link', { name: 'fale conosco' })).toHaveAttribute('href', paths.contactSupport());
    expect(screen.getByRole('button', { name: 'Voltar ao topo' })).toBeInTheDocument();
  });
});
