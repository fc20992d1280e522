import { describe, expect, it } from '@jest/globals';
import { mailLanguage, mailTextId, type MailText } from './mail-language.js';
import { LAYOUT_MAIL } from './mail-messages.js';

describe('mailLanguage', () => {
  it('should read an id with its values as named placeholders, and quote what ICU would read', () => {
    expect(mailTextId(LAYOUT_MAIL.greeting as MailText<never>)).toBe('Hi {name},');
    expect(mailTextId(((v: { kind: string; product: string }) => `You get "${v.kind}" e-mails from ${v.product}.`) as MailText<never>)).toBe(
      'You get "{kind}" e-mails from {product}.',
    );
    expect(mailTextId(((v: { name: string }) => `It's {literal} for ${v.name}`) as MailText<never>)).toBe("It''s '{'literal'}' for {name}");
  });

  it('should say English exactly as the code writes it', () => {
    const en = mailLanguage('en');
    expect(en.say(LAYOUT_MAIL.greeting, { name: 'ada' })).toBe('Hi ada,');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(en.ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st']);
    expect(en.count(1234567)).toBe('1,234,567');
    expect(en.money(123450, 'USD')).toBe('$1,234.50 USD');
    expect(en.moment(new Date('2026-11-25T23:00:00Z'), 'America/New_York')).toBe('Nov 25, 2026, 6:00 PM EST');
    expect(en.day(new Date('2026-11-25T05:00:00Z'), 'America/New_York')).toBe('Nov 25, 2026');
  });

  it('should say Brazilian Portuguese through the catalog, with counts, places, dates and money written the Brazilian way', () => {
    const pt = mailLanguage('pt-BR');
    expect(pt.say(LAYOUT_MAIL.greeting, { name: 'ada' })).toBe('Olá, ada,');
    // A text the catalog does not hold is said in English rather than not at all.
    expect(pt.say((v: { name: string }) => `Not in any catalog, ${v.name}`, { name: 'ada' })).toBe('Not in any catalog, ada');
    expect([1, 2, 3, 11].map(pt.ordinal)).toEqual(['1º', '2º', '3º', '11º']);
    expect(pt.count(1234567)).toBe('1.234.567');
    expect(pt.money(123450, 'BRL')).toBe('R$\u00a01.234,50 BRL');
    expect(pt.moment(new Date('2026-11-25T23:00:00Z'), 'America/Sao_Paulo')).toBe('25 de nov. de 2026, 20:00 BRT');
    expect(pt.day(new Date('2026-11-25T03:00:00Z'), 'America/Sao_Paulo')).toBe('25 de nov. de 2026');
    expect(pt.contractText('Daily digest')).toBe('Resumo diário');
  });

  it('should write in English for a stored language the site does not offer', () => {
    expect(mailLanguage('fr').locale).toBe('en');
    expect(mailLanguage('pt-br').locale).toBe('pt-BR');
  });
});
