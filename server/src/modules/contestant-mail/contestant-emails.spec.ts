import { describe, expect, it } from '@jest/globals';
import { mailLanguage } from '#server/infra/mail/mail-language.js';
import { belowCutEmail, digestEmail, roundResultEmail, type Recipient } from './contestant-emails.js';

const to = (locale: string): Recipient => ({
  to: 'ada@example.com',
  username: 'ada',
  product: 'Festival',
  lang: mailLanguage(locale),
  unsubscribePage: 'http://localhost:3000/unsubscribe?token=t',
  unsubscribeApi: 'http://localhost:3000/api/v1/mail/unsubscribe?token=t',
  link: 'http://localhost:3000/dashboard',
});

describe('contestant e-mails', () => {
  it('should write a round result in English as before, counts grouped and the rank an English ordinal', () => {
    const mail = roundResultEmail(to('en'), { contest: 'Cup', round: 'Heats', nextRound: 'Final', outcome: 'advanced', rank: 2, scope: 'group', votes: 1234 });
    expect(mail.subject).toBe('You advanced to Final in Cup!');
    expect(mail.text).toContain('Hi ada,\n\nHeats of Cup has closed. You finished 2nd in your group with 1,234 votes and you advance to Final.');
    expect(mail.text).toContain('You get "Round results" e-mails from Festival as a contestant. Unsubscribe: http://localhost:3000/unsubscribe?token=t');
    expect(mail.html).toContain('<html lang="en">');
  });

  it("should write each contestant e-mail in the recipient's Brazilian Portuguese, every part of it", () => {
    const result = roundResultEmail(to('pt-BR'), {
      contest: 'Copa',
      round: 'Eliminatórias',
      nextRound: null,
      outcome: 'eliminated',
      rank: 4,
      scope: 'contest',
      votes: 1,
    });
    expect(result.subject).toBe('Resultados de Eliminatórias: sua participação em Copa termina aqui');
    expect(result.text).toContain(
      'Olá, ada,\n\nA etapa Eliminatórias de Copa terminou. Você ficou em 4º lugar na classificação geral, com 1 voto, abaixo do corte; sua participação neste concurso termina aqui.',
    );
    expect(result.text).toContain('Você recebe e-mails de "Resultados da rodada" do Festival como participante. Cancelar inscrição: ');
    expect(result.html).toContain('<html lang="pt-BR">');
    expect(result.html).toContain('>Ver o ranking</a>');
    expect(result.html).toContain('Se o botão não funcionar, copie este endereço no seu navegador:');

    const below = belowCutEmail(to('pt-BR'), {
      contest: 'Copa',
      round: 'Final',
      rank: 3,
      scope: 'group',
      behind: 1500,
      endsAt: new Date('2026-12-01T21:00:00Z'),
      timeZone: 'America/Sao_Paulo',
    });
    expect(below.text).toContain(
      'Você está em 3º lugar no seu grupo em Copa, 1.500 votos abaixo da linha de corte de Final, que termina em 1 de dez. de 2026, 18:00 BRT.',
    );

    const digest = digestEmail(to('pt-BR'), {
      contest: 'Copa',
      day: new Date('2026-11-30T03:00:00Z'),
      timeZone: 'America/Sao_Paulo',
      votesYesterday: 12,
      rank: 2,
      scope: 'contest',
      previousRank: 5,
      toNextRank: 4,
      nextUsername: 'bia',
    });
    expect(digest.subject).toBe('Seu dia em Copa: 12 votos');
    expect(digest.text).toContain(
      'Em 30 de nov. de 2026 você recebeu 12 votos em Copa.\n\nSua posição: 2º lugar na classificação geral (subiu 3).\n\nFaltam 4 votos para passar @bia.',
    );
  });
});
