import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { browser } from '@/lib/browser';
import { paths } from '@/lib/paths';
import { deferred } from '@/testing/contest-fixtures';
import { sitePaying } from '@/testing/fixtures';
import { mockNetwork, type Reply } from '@/testing/server';
import { renderApp } from '@/testing/render-app';
import { activateLocale } from '@/lib/i18n/i18n';

const ID = '3f1c2a9e-0000-4000-8000-000000000001';
const PAY = `POST /api/v1/payments/test/${ID}/pay`;
const SUCCESS = 'http://localhost/profile/vera?payment=success';
const CANCEL = 'http://localhost/profile/vera?payment=cancel';

function open(query: Record<string, string>, routes: Record<string, Reply | (() => Reply | Promise<Reply>)> = {}) {
  const net = mockNetwork({ 'GET /api/v1/site': { body: sitePaying() }, ...routes });
  return { ...renderApp(paths.testCheckout(ID, { query })), net };
}

const standard = { success: SUCCESS, cancel: CANCEL, amount_minor: '1000', currency: 'USD', votes: '12' };

describe('TEST MODE checkout page', () => {
  let assign: jest.Spied<typeof browser.assign>;
  beforeEach(() => {
    localStorage.clear();
    assign = jest.spyOn(browser, 'assign').mockImplementation(() => {});
  });
  afterEach(() => assign.mockRestore());

  it('should say TEST MODE plainly, show the reference, votes and amount, and ask for no card', async () => {
    const { screen } = open(standard);
    expect(await screen.findByRole('heading', { level: 1, name: 'TEST MODE checkout' })).toBeInTheDocument();
    expect(screen.getByText(/TEST MODE — no money is taken/)).toBeInTheDocument();
    expect(screen.getByText(ID)).toBeInTheDocument();
    expect(screen.getByText('Votes').nextSibling).toHaveTextContent('12');
    expect(screen.getByText('@vera')).toBeInTheDocument();
    expect(screen.getByText('Amount (not charged)').nextSibling).toHaveTextContent('$10');
    expect(screen.getByRole('button', { name: 'Pay $10 (test mode)' })).toBeEnabled();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument(); // no card fields, nothing to type
  });

  it('should write the amount in its currency: yen without decimals, dinars with three', async () => {
    const yen = open({ ...standard, amount_minor: '1500', currency: 'JPY' });
    expect(await yen.screen.findByRole('button', { name: 'Pay ¥1,500 (test mode)' })).toBeEnabled();
    yen.unmount();
    const dinars = open({ ...standard, amount_minor: '5120', currency: 'KWD' });
    expect(await dinars.screen.findByText('Amount (not charged)')).toBeInTheDocument();
    expect(dinars.screen.getByText('Amount (not charged)').nextSibling?.textContent?.replace(/\s/g, ' ')).toBe('KWD 5.120');
    dinars.unmount();
    const unknown = open({ ...standard, currency: 'XYZ' });
    expect(await unknown.screen.findByRole('button', { name: 'Pay (test mode)' })).toBeEnabled();
  });

  it('should pay through the server, say Processing..., and follow the redirect back to this site', async () => {
    const reply = deferred<Reply>();
    const app = open(standard, { [PAY]: () => reply.promise });
    await app.user.click(await app.screen.findByRole('button', { name: 'Pay $10 (test mode)' }));
    expect(await app.screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(app.screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await waitFor(() => expect(app.net.requestsTo('POST', `/api/v1/payments/test/${ID}/pay`)).toHaveLength(1));
    reply.release({ body: { redirect_url: `${SUCCESS}&session_id=test_${ID}` } });
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${SUCCESS}&session_id=test_${ID}`));
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('should refuse to follow a redirect to another site', async () => {
    const app = open(standard, { [PAY]: { body: { redirect_url: 'https://evil.example.com/profile/vera?payment=success' } } });
    await app.user.click(await app.screen.findByRole('button', { name: 'Pay $10 (test mode)' }));
    expect(await app.screen.findByRole('alert')).toHaveTextContent('only returns you to pages of this site');
    expect(assign).not.toHaveBeenCalled();
    expect(app.screen.getByRole('button', { name: 'Pay $10 (test mode)' })).toBeEnabled();
  });

  it("should show the server's detail when the payment cannot be paid", async () => {
    const app = open(standard, { [PAY]: { status: 409, body: { detail: 'This payment can no longer be paid' } } });
    await app.user.click(await app.screen.findByRole('button', { name: 'Pay $10 (test mode)' }));
    expect(await app.screen.findByRole('alert')).toHaveTextContent('This payment can no longer be paid');
    expect(assign).not.toHaveBeenCalled();
  });

  it('should go back to the cancel page on Cancel, and home instead of a foreign cancel address', async () => {
    const app = open(standard);
    await app.user.click(await app.screen.findByRole('button', { name: 'Cancel' }));
    expect(assign).toHaveBeenCalledWith(CANCEL);
    expect(app.net.requestsTo('POST', `/api/v1/payments/test/${ID}/pay`)).toHaveLength(0);
    app.unmount();

    const foreign = open({ ...standard, cancel: 'https://evil.example.com/phish', success: '//evil.example.com/x' });
    await foreign.user.click(await foreign.screen.findByRole('button', { name: 'Cancel' }));
    expect(assign).toHaveBeenLastCalledWith('http://localhost/');
    expect(foreign.screen.queryByText(/@/)).not.toBeInTheDocument(); // nothing read from a foreign address
  });

  it('should be usable from the keyboard', async () => {
    const app = open(standard, { [PAY]: { body: { redirect_url: SUCCESS } } });
    await app.screen.findByRole('button', { name: 'Pay $10 (test mode)' });
    const pay = app.screen.getByRole('button', { name: 'Pay $10 (test mode)' });
    pay.focus();
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(SUCCESS));
  });
});

describe('TEST MODE checkout page in Brazilian Portuguese', () => {
  beforeEach(async () => {
    localStorage.clear();
    await activateLocale('pt-BR');
  });
  // The page still shown hears the language change: inside act, like any update of a test.
  afterEach(() => act(() => activateLocale('en')));

  it('should say TEST MODE in Portuguese and write a BRL amount as Brazilians do', async () => {
    const { screen } = open({ ...standard, amount_minor: '1050', currency: 'BRL' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagamento em MODO DE TESTE' })).toBeInTheDocument();
    expect(screen.getByText(/MODO DE TESTE — nenhum valor é cobrado/)).toBeInTheDocument();
    expect(screen.getByText('Votos').nextSibling).toHaveTextContent('12');
    expect(screen.getByText('Valor (não cobrado)').nextSibling).toHaveTextContent(/^R\$\s10,50$/);
    expect(screen.getByRole('button', { name: /^Pagar R\$\s10,50 \(modo de teste\)$/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeEnabled();
  });
});
