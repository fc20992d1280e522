import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { inLocale } from '@/testing/locale';
import { waitFor, within } from '@testing-library/react';
import type { TwoFactorStatus } from '#contract/twofactor/answers';
import { TWO_FACTOR_MESSAGES as M } from '#contract/twofactor/messages';
import { files } from '@/lib/download';
import { paths } from '@/lib/paths';
import { readText } from '@/testing/blobs';
import { adminToken } from '@/testing/contest-fixtures';
import { meFor, SITE } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render-app';
import { mockNetwork, type Responder } from '@/testing/server';

const STATUS = 'GET /api/v1/admin/two-factor';
const SETUP = 'POST /api/v1/admin/two-factor/setup';
const CONFIRM = 'POST /api/v1/admin/two-factor/confirm';
const REGENERATE = 'POST /api/v1/admin/two-factor/recovery-codes';
const DISABLE = 'POST /api/v1/admin/two-factor/disable';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/></svg>';
const codes = (tag: string) => Array.from({ length: 10 }, (_, i) => `${tag}${i}aa-bbbb-cccc`);

let status: TwoFactorStatus;
const off = (required = false): TwoFactorStatus => ({ enabled: false, enabled_at: null, recovery_codes_left: 0, required });
const on = (left = 10): TwoFactorStatus => ({ enabled: true, enabled_at: '2030-01-01T12:00:00.000Z', recovery_codes_left: left, required: false });

function open(routes: Record<string, Responder> = {}, path = paths.admin.twoFactor()) {
  const net = mockNetwork({
    'GET /api/v1/site': { body: SITE },
    'GET /api/v1/users/me': { body: meFor('boss') },
    [STATUS]: () => ({ body: status }),
    [SETUP]: { body: { secret: SECRET, otpauth_uri: `otpauth://totp/ScreamStage:boss?secret=${SECRET}`, qr_svg: SVG } },
    [CONFIRM]: (call) => {
      if ((call.body as { code: string }).code !== '123456') return { status: 400, body: { detail: M.wrongSetupCode } };
      status = on();
      return { body: { recovery_codes: codes('k') } };
    },
    [REGENERATE]: () => {
      status = on();
      return { body: { recovery_codes: codes('n') } };
    },
    [DISABLE]: () => {
      status = off();
      return { body: status };
    },
    ...routes,
  });
  return { ...renderApp(path), net };
}

describe('AdminTwoFactorPage', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', adminToken());
    status = off();
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('should set up with the QR code or the key, confirm with a code, and show the recovery codes once with copy and download', async () => {
    const save = jest.spyOn(files, 'save').mockImplementation(() => undefined);
    const app = open();
    expect(await app.screen.findByRole('heading', { name: 'Two-Factor Sign-In', level: 1 })).toBeInTheDocument();
    expect(await app.screen.findByText('Off')).toBeInTheDocument();
    await app.user.click(app.screen.getByRole('button', { name: 'Set up two-factor sign-in' }));

    const qr = await app.screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(qr).toHaveAttribute('src', `data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`);
    expect(app.screen.getByLabelText('Setup key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    const form = app.screen.getByRole('form', { name: 'Confirm two-factor sign-in' });
    const field = within(form).getByLabelText('Code from your authenticator app');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await app.user.click(within(form).getByRole('button', { name: 'Turn on' }));
    expect(await within(form).findByText(M.codeRequired)).toBeInTheDocument();
    await app.user.type(field, '654321{Enter}');
    expect(await within(form).findByRole('alert')).toHaveTextContent(M.wrongSetupCode);

    await app.user.type(field, '123 456{Enter}');
    const list = await app.screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes('k'));
    expect(app.net.requestsTo('POST', '/api/v1/admin/two-factor/confirm').map((r) => r.body)).toEqual([{ code: '654321' }, { code: '123456' }]);

    await app.user.click(app.screen.getByRole('button', { name: 'Download codes' }));
    const [blob, name] = save.mock.calls[0];
    expect(name).toBe('recovery-codes.txt');
    const text = await readText(blob);
    for (const code of codes('k')) expect(text).toContain(code);

    await app.user.click(app.screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(app.screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(await app.screen.findByText('On')).toBeInTheDocument();
    expect(app.screen.getByText('10 recovery codes left.')).toBeInTheDocument();
  });

  it('should warn when few recovery codes are left, and make new ones for a current code', async () => {
    status = on(2);
    const app = open();
    expect(await app.screen.findByText('2 recovery codes left. Make new ones before you run out.')).toBeInTheDocument();
    const form = app.screen.getByRole('form', { name: 'Make new recovery codes' });
    await app.user.type(within(form).getByLabelText('Code from your authenticator app'), '111222');
    await app.user.click(within(form).getByRole('button', { name: 'Make new recovery codes' }));
    const list = await app.screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(app.net.requestsTo('POST', '/api/v1/admin/two-factor/recovery-codes').map((r) => r.body)).toEqual([{ code: '111222' }]);
  });

  it('should turn off only once confirmed, with a code or the password', async () => {
    status = on();
    const app = open({
      [DISABLE]: (call) =>
        (call.body as { password?: string }).password === 'right' ? ((status = off()), { body: status }) : { status: 400, body: { detail: M.wrongPassword } },
    });
    await app.user.click(await app.screen.findByRole('button', { name: 'Turn off two-factor sign-in' }));
    let dialog = await app.screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(app.screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.net.requestsTo('POST', '/api/v1/admin/two-factor/disable')).toHaveLength(0);

    await app.user.click(app.screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    dialog = await app.screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Use your password instead' }));
    await app.user.type(within(dialog).getByLabelText('Your password'), 'wrong');
    await app.user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(M.wrongPassword);
    await app.user.type(within(dialog).getByLabelText('Your password'), 'right{Enter}');
    await waitFor(() => expect(app.screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await app.screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(app.net.requestsTo('POST', '/api/v1/admin/two-factor/disable').map((r) => r.body)).toEqual([{ password: 'wrong' }, { password: 'right' }]);
  });

  it('should send an owner whom the server holds to two-factor sign-in to this page, with the reason', async () => {
    status = off(true);
    const app = open(
      {
        'GET /api/v1/admin/jobs': { status: 403, body: { detail: M.setupRequired } },
        'GET /api/v1/admin/audit-log': { body: { items: [], total: 0, page: 1, page_size: 20 } },
        'GET /api/v1/admin/audit-log/chain': { body: { intact: true, entries: 0, head: null, first_broken_id: null } },
      },
      paths.admin.jobs(),
    );
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.admin.twoFactor()));
    expect(await app.screen.findByText(M.setupRequiredPage)).toBeInTheDocument();
    expect(app.screen.getByRole('link', { name: 'Two-Factor' })).toHaveAttribute('href', paths.admin.twoFactor());

    // Once it is on, the rest of the admin area opens again.
    await app.user.click(await app.screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    await app.user.type(await app.screen.findByLabelText('Code from your authenticator app'), '123456{Enter}');
    await app.user.click(await app.screen.findByRole('button', { name: 'I have saved my codes' }));
    await app.user.click(app.screen.getByRole('link', { name: 'Audit Log' }));
    expect(await app.screen.findByRole('heading', { name: 'Audit Log', level: 1 })).toBeInTheDocument();
    expect(currentPath(app.router)).toBe(paths.admin.audit());
  });

  it('should show an error with Try Again when the state cannot be loaded', async () => {
    let fail = true;
    const app = open({ [STATUS]: () => (fail ? { status: 500, body: {} } : { body: status }) });
    expect(await app.screen.findByText(M.loadFailed)).toBeInTheDocument();
    fail = false;
    await app.user.click(app.screen.getByRole('button', { name: 'Try Again' }));
    expect(await app.screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
  });
});

describe('AdminTwoFactorPage in Brazilian Portuguese', () => {
  inLocale('pt-BR');

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', adminToken());
  });

  it('should show the set-up steps in Portuguese', async () => {
    status = off();
    const app = open();
    expect(await app.screen.findByRole('heading', { name: 'Verificação em duas etapas', level: 1 })).toBeInTheDocument();
    expect(await app.screen.findByText('Desativada')).toBeInTheDocument();
    await app.user.click(app.screen.getByRole('button', { name: 'Configurar a verificação em duas etapas' }));
    expect(await app.screen.findByRole('img', { name: 'QR code para escanear com seu aplicativo autenticador' })).toBeInTheDocument();
    const form = app.screen.getByRole('form', { name: 'Confirmar a verificação em duas etapas' });
    expect(within(form).getByLabelText('Código do seu aplicativo autenticador')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Ativar' })).toBeInTheDocument();
  });

  it('should count the recovery codes left in Portuguese', async () => {
    status = on(1);
    const app = open();
    expect(await app.screen.findByText(/^Resta 1 código de recuperação\. Gere novos antes que acabem\.$/)).toBeInTheDocument();
    expect(app.screen.getByRole('button', { name: 'Desativar a verificação em duas etapas' })).toBeInTheDocument();
  });
});
