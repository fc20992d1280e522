import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import type { AdminSiteSettings, SiteConfig } from '#contract/site/answers';
import { contrastRefusal, SITE_MESSAGES as M } from '#contract/site/messages';
import { STAFF_MESSAGES } from '#contract/staff/messages';
import { paths } from '@/lib/paths';
import { ColourCheck } from '../components/colour-check';
import { adminToken } from '@/testing/contest-fixtures';
import { renderInLocale } from '@/testing/i18n';
import { SITE } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { mockNetwork, type Responder } from '@/testing/server';
import { staffToken } from '@/testing/tokens';

const SETTINGS: AdminSiteSettings = {
  site_name: 'ScreamStage',
  logo_url: null,
  accent_color: '#e11d2a',
  background_color: '#050505',
  charity_name: 'our partner charity',
  charity_beneficiary: "a children's toy-drive foundation",
  charity_share: 100,
  charity_url: null,
  mail_sender_name: 'ScreamStage',
  mail_from_address: 'no-reply@stage.example',
  updated_at: '2030-01-01T00:00:00.000Z',
};

let settings: AdminSiteSettings;
let site: SiteConfig;

function open(routes: Record<string, Responder> = {}) {
  const net = mockNetwork({
    'GET /api/v1/site': () => ({ body: site }),
    'GET /api/v1/admin/site': () => ({ body: settings }),
    'PUT /api/v1/admin/site': (call) => {
      const body = call.body as Omit<AdminSiteSettings, 'logo_url' | 'mail_from_address' | 'updated_at'>;
      settings = { ...settings, ...body, updated_at: '2030-01-02T00:00:00.000Z' };
      site = { ...site, product_name: body.site_name, accent_color: body.accent_color, background_color: body.background_color };
      return { body: settings };
    },
    'POST /api/v1/admin/site/logo': () => {
      settings = { ...settings, logo_url: '/uploads/site/logo-abc.png', updated_at: '2030-01-03T00:00:00.000Z' };
      site = { ...site, logo_url: settings.logo_url };
      return { body: settings };
    },
    'DELETE /api/v1/admin/site/logo': () => {
      settings = { ...settings, logo_url: null, updated_at: '2030-01-04T00:00:00.000Z' };
      site = { ...site, logo_url: null };
      return { body: settings };
    },
    ...routes,
  });
  return { ...renderApp(paths.admin.site()), net };
}

describe('AdminSitePage', () => {
  beforeEach(() => {
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => undefined;
    localStorage.clear();
    localStorage.setItem('token', adminToken());
    settings = { ...SETTINGS };
    site = { ...SITE };
    document.documentElement.removeAttribute('style');
  });

  it("should save the settings and show the new name and colours on the admin's own page without a reload", async () => {
    const app = open();
    const name = await app.screen.findByRole('textbox', { name: 'Site name' });
    expect(name).toHaveValue('ScreamStage');
    await waitFor(() => expect(document.documentElement.style.getPropertyValue('--color-blood-500')).toBe('#e11d2a'));

    await app.user.clear(name);
    await app.user.type(name, 'Fright Night');
    const accent = app.screen.getByRole('textbox', { name: 'Accent colour' });
    await app.user.clear(accent);
    await app.user.type(accent, '#1d4ed8');
    await app.user.click(app.screen.getByRole('button', { name: 'Save Settings' }));

    expect(await app.screen.findAllByText(M.saved)).not.toHaveLength(0);
    const put = app.net.requests.find((r) => r.method === 'PUT')!;
    expect(put.body).toEqual({
      site_name: 'Fright Night',
      accent_color: '#1d4ed8',
      background_color: '#050505',
      charity_name: 'our partner charity',
      charity_beneficiary: "a children's toy-drive foundation",
      charity_share: 100,
      charity_url: null,
      mail_sender_name: 'ScreamStage',
    });
    // GET /site was asked again: the header names the site anew and the palette follows the accent.
    expect(await app.screen.findByRole('link', { name: 'Fright Night home' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.style.getPropertyValue('--color-blood-500')).toBe('#1d4ed8'));
  });

  it('should check the colours live, name the failing pair with its ratio, and not save them', async () => {
    const app = open();
    const background = await app.screen.findByRole('textbox', { name: 'Background colour' });
    const checks = app.screen.getByRole('list', { name: 'Contrast of each pair' });
    expect(
      within(checks)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^Text on the background\d+\.\d:1, readable$/),
      expect.stringMatching(/^Muted text on a card\d+\.\d:1, readable$/),
      expect.stringMatching(/^Button text on the accent\d+\.\d:1, readable$/),
      expect.stringMatching(/^Accent text on a card\d+\.\d:1, readable$/),
    ]);
    expect(app.screen.getByText(M.contrastPasses)).toBeInTheDocument();

    await app.user.clear(background);
    await app.user.type(background, '#ffffff');
    // While a colour is half typed the list gives way to a hint; it is back once the colour is whole.
    const after = app.screen.getByRole('list', { name: 'Contrast of each pair' });
    expect(within(after).getByText('Text on the background').parentElement).toHaveTextContent('Text on the background1.1:1, too low');
    expect(app.screen.getByText(/^Text on the background, .*too low to save$/)).toBeInTheDocument();
    expect(app.screen.getByRole('button', { name: 'Save Settings' })).toBeDisabled();
    expect(app.net.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('should write the ratios as the language writes numbers (Portuguese: 4,5:1)', () => {
    renderInLocale(<ColourCheck accent="#dc2626" background="#0b0b0f" />, 'pt-BR');
    expect(screen.getByRole('heading', { name: 'Legibilidade (pelo menos 4,5:1)' })).toBeInTheDocument();
    const ratios = within(screen.getByRole('list', { name: 'Contraste de cada par' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(ratios).toHaveLength(4);
    for (const ratio of ratios) expect(ratio).toMatch(/\d+,\d:1, /);
    expect(screen.getByText('Todos os pares têm contraste de 4,5:1 ou mais')).toBeInTheDocument();
  });

  it("should show the server's refusals: a pair's contrast, and each invalid field beside it", async () => {
    const app = open({
      'PUT /api/v1/admin/site': { status: 400, body: { detail: contrastRefusal('Accent text on a card', '4.2') } },
    });
    await app.user.click(await app.screen.findByRole('button', { name: 'Save Settings' }));
    expect(await app.screen.findByText(contrastRefusal('Accent text on a card', '4.2'))).toBeInTheDocument();
  });

  it("should put each invalid field's message beside it", async () => {
    const app = open({
      'PUT /api/v1/admin/site': { status: 422, body: { detail: [{ loc: ['body', 'charity_url'], msg: M.charityUrlInvalid, type: 'value_error' }] } },
    });
    const url = await app.screen.findByRole('textbox', { name: "Charity's website" });
    await app.user.type(url, 'http://plain.example.org');
    await app.user.click(app.screen.getByRole('button', { name: 'Save Settings' }));
    expect(await app.screen.findByText(M.charityUrlInvalid)).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(app.screen.getByText(M.saveFailed)).toBeInTheDocument();
  });

  it('should upload a chosen logo, show it in the header with the site name as its text, and remove it', async () => {
    const app = open();
    const picker = await app.screen.findByLabelText('Picture');
    expect(app.screen.getByRole('button', { name: /Upload Logo/ })).toBeDisabled();
    await app.user.upload(picker, new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }));
    expect(app.screen.getByRole('img', { name: 'The chosen logo' })).toHaveAttribute('src', 'blob:preview');
    await app.user.click(app.screen.getByRole('button', { name: /Upload Logo/ }));
    expect(await app.screen.findByText(M.logoSaved)).toBeInTheDocument();
    const upload = app.net.requests.find((r) => r.method === 'POST')!;
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    const header = app.screen.getByRole('link', { name: 'ScreamStage home' });
    await waitFor(() => expect(within(header).getByRole('img', { hidden: true })).toHaveAttribute('src', '/uploads/site/logo-abc.png'));
    expect(within(header).getByRole('img', { hidden: true })).toHaveAttribute('alt', 'ScreamStage');

    await app.user.click(app.screen.getByRole('button', { name: /Remove Logo/ }));
    expect(await app.screen.findByText(M.logoRemoved)).toBeInTheDocument();
    await waitFor(() => expect(within(header).queryByRole('img', { hidden: true })).not.toBeInTheDocument());
  });

  it('should refuse a logo over the size limit before sending it', async () => {
    const app = open();
    const picker = await app.screen.findByLabelText('Picture');
    await app.user.upload(picker, new File([new Uint8Array(3 * 1024 * 1024)], 'huge.png', { type: 'image/png' }));
    expect(await app.screen.findByText(M.logoTooLarge)).toBeInTheDocument();
    expect(app.screen.getByRole('button', { name: /Upload Logo/ })).toBeDisabled();
  });

  it('should say when the settings cannot be loaded, and try again', async () => {
    let fail = true;
    const app = open({ 'GET /api/v1/admin/site': () => (fail ? { status: 500, body: { detail: 'boom' } } : { body: settings }) });
    expect(await app.screen.findByText(M.loadFailed)).toBeInTheDocument();
    fail = false;
    await app.user.click(app.screen.getByRole('button', { name: 'Try Again' }));
    expect(await app.screen.findByRole('textbox', { name: 'Site name' })).toHaveValue('ScreamStage');
  });

  it('should not be in the menu of a moderator, whose role may not open it', async () => {
    localStorage.setItem('token', staffToken('moderator'));
    const app = open({ 'GET /api/v1/admin/site': { status: 403, body: { detail: STAFF_MESSAGES.permissionRequired } } });
    await app.screen.findByRole('heading', { level: 1 });
    expect(app.screen.queryByRole('link', { name: 'Site' })).not.toBeInTheDocument();
  });
});
