import { describe, expect, it } from '@jest/globals';
import { mailLanguage } from '#server/infra/mail/mail-language.js';
import { receiptEmail, type ReceiptContext } from './payment-emails.js';

const receipt = (locale: string, contestant: ReceiptContext['contestant'], payerName: string | null = 'Fan Person'): ReceiptContext => ({
  to: 'fan@example.com',
  lang: mailLanguage(locale),
  product: 'Festival',
  payerName,
  contestant,
  votes: 12,
  baseVotes: 10,
  amountMinor: 1000,
  currency: 'USD',
  reference: 'pay-1',
  testMode: false,
  charity: 'Night Shelter',
  beneficiary: 'people without a home',
  profileUrl: 'http://localhost:3000/',
});

describe('payment receipt e-mail', () => {
  it('should name the contestant by name and username', () => {
    const mail = receiptEmail(receipt('en', { firstName: 'Ada', lastName: 'Graves', username: 'ada' }));
    expect(mail.subject).toBe('Your Festival receipt: 12 votes for Ada Graves');
    expect(mail.text).toContain('Thank you for supporting Ada Graves (@ada) on Festival.');
  });

  it("should name an erased contestant in neutral words, never by the placeholder, in English and the payer's Portuguese", () => {
    const en = receiptEmail(receipt('en', null, null));
    expect(en.subject).toBe('Your Festival receipt: 12 votes for a former contestant');
    expect(en.text).toContain('Hi there,\n\nThank you for supporting a former contestant on Festival.');
    expect(en.text).toContain('Votes: 10 + 2 bonus = 12');
    const pt = receiptEmail(receipt('pt-BR', null));
    expect(pt.subject).toContain('um ex-participante');
    expect(pt.text).toContain('Obrigado por apoiar um ex-participante no Festival.');
    expect(pt.html).toContain('Obrigado por apoiar um ex-participante no Festival.');
    for (const mail of [en, pt]) expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(/deleted-|\(@/);
  });
});
