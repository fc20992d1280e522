import { describe, expect, it } from '@jest/globals';
import { messages as ptBR } from '@/locales/pt-BR/messages';
import { activateLocale, createI18n, showDrawnTexts } from './i18n';

describe('a drawn page in another language, then its whole catalog', () => {
  const [said, other] = Object.keys(ptBR);
  /** What the whole Portuguese catalog says for an id. */
  const portuguese = (id: string) => createI18n('pt-BR', ptBR)._(id);

  it('should show the texts the page was drawn with at once, and the rest once the whole catalog is in', async () => {
    const i18n = createI18n('en', {});
    showDrawnTexts('pt-BR', { [said]: ptBR[said] }, i18n);
    expect(i18n.locale).toBe('pt-BR');
    expect(i18n._(said)).toBe(portuguese(said));
    expect(i18n._(other)).not.toBe(portuguese(other));
    const drawn = i18n.messages;
    expect(Object.hasOwn(drawn, other)).toBe(false);

    await activateLocale('pt-BR', i18n);
    expect(i18n._(other)).toBe(portuguese(other));
    // A new catalog object, so what is cached per catalog (the contract's templates) starts again.
    expect(i18n.messages).not.toBe(drawn);
  });

  it('should keep a later choice of English when the Portuguese catalog arrives after it', async () => {
    const i18n = createI18n('en', {});
    showDrawnTexts('pt-BR', { [said]: ptBR[said] }, i18n);
    const loading = activateLocale('pt-BR', i18n);
    await activateLocale('en', i18n);
    await loading;
    expect(i18n.locale).toBe('en');
  });

  it('should not reload a whole catalog it holds', async () => {
    const i18n = createI18n('en', {});
    await activateLocale('pt-BR', i18n);
    const whole = i18n.messages;
    await activateLocale('en', i18n);
    await activateLocale('pt-BR', i18n);
    expect(i18n.messages).toBe(whole);
    expect(i18n.locale).toBe('pt-BR');
  });
});
