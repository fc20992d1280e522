import { afterEach, describe, expect, it } from '@jest/globals';
import { i18nFor } from '@/testing/i18n';
import { describeError } from '../api/api-error';
import { cutRuleText } from '../contest-cut';
import { formatNextVote, formatZonedDateTime } from '../dates';
import { cutText, passText } from '../leaderboard/race';
import { formatCount } from '../numbers';
import { alreadyVotedText } from '../votes/use-free-vote';
import { PAYMENT_TEXTS } from '../votes/payment-texts';
import { setFormatLocale } from './format-locale';

describe('dates and counts in the app language', () => {
  afterEach(() => setFormatLocale('en'));

  it('should write counts with the language’s separators', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    setFormatLocale('pt-BR');
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(formatCount(1234.6)).toBe('1.235');
    expect(formatCount(-0.2)).toBe('0');
  });

  it('should write zoned times as the language does, the zone named', () => {
    const at = '2025-07-29T14:00:00.000Z';
    expect(formatZonedDateTime(at, 'America/New_York')).toBe('Jul 29, 2025, 10:00 AM EDT');
    setFormatLocale('pt-BR');
    expect(formatZonedDateTime(at, 'America/Sao_Paulo')).toBe(
      new Intl.DateTimeFormat('pt-BR', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: 'America/Sao_Paulo',
        timeZoneName: 'short',
      }).format(new Date(at)),
    );
    expect(formatZonedDateTime(at, 'America/Sao_Paulo')).toMatch(/^29 de jul\.? de 2025,? 11:00/);
  });

  it('should write the next vote’s clock in the language', () => {
    const now = new Date(2025, 6, 29, 9, 0);
    const later = new Date(2025, 6, 29, 21, 15).toISOString();
    expect(formatNextVote(later, now)).toBe('today at 9:15 PM');
    setFormatLocale('pt-BR', i18nFor('pt-BR'));
    expect(formatNextVote(later, now)).toBe('hoje às 21:15');
  });

  it('should say the next vote’s day in the language: today, tomorrow, or its date', () => {
    const now = new Date(2025, 6, 29, 9, 0);
    const tomorrow = new Date(2025, 6, 30, 18, 40).toISOString();
    const later = new Date(2025, 10, 30, 18, 40).toISOString();
    // The toast's sentence is said from the real clock: tomorrow at 6:40 PM from now.
    const real = new Date();
    const realTomorrow = new Date(real.getFullYear(), real.getMonth(), real.getDate() + 1, 18, 40).toISOString();
    expect(formatNextVote(tomorrow, now)).toBe('tomorrow at 6:40 PM');
    expect(formatNextVote(later, now)).toBe('on Nov 30, 6:40 PM');
    expect(alreadyVotedText(realTomorrow)).toBe("You've already voted today. Come back tomorrow at 6:40 PM!");
    setFormatLocale('pt-BR', i18nFor('pt-BR'));
    expect(formatNextVote(tomorrow, now)).toBe('amanhã às 18:40');
    expect(formatNextVote(later, now)).toMatch(/^em 30 de nov\.?,? 18:40$/);
    expect(alreadyVotedText(realTomorrow)).toBe('Você já votou hoje. Volte amanhã às 18:40!');
  });

  it('should write the texts of lib/* in the language set with the drawing’s Lingui instance', () => {
    const race = { toPass: { votes: 1234, username: 'vera' }, lead: null, cut: -1, everyoneGoesOn: false };
    expect([passText(race), cutText(race)]).toEqual(['1,234 votes to pass @vera', '1 vote below the cut']);
    expect(cutRuleText({ limit: 4, overall: false })).toBe('Top 4 of each group go on');
    expect(describeError({ status: 0 })).toBe('Network error. Check your connection.');
    expect(PAYMENT_TEXTS.captureFailed.stripe).toBe('Failed to complete Stripe payment.');
    setFormatLocale('pt-BR', i18nFor('pt-BR'));
    expect([passText(race), cutText(race)]).toEqual(['1.234 votos para passar @vera', '1 voto abaixo do corte']);
    expect(passText({ ...race, toPass: null, lead: 3 })).toBe('Você lidera por 3 votos');
    expect(cutRuleText({ limit: 10, overall: true })).toBe('Os 10 primeiros avançam');
    expect(describeError({ status: 0 })).toBe('Erro de rede. Verifique sua conexão.');
    expect(describeError({ status: 503 })).toBe('A solicitação falhou com o status 503');
    expect(PAYMENT_TEXTS.captureFailed.stripe).toBe('Não foi possível concluir o pagamento com Stripe.');
  });
});
