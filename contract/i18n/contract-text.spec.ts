import { describe, expect, it, jest } from '@jest/globals';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { messages as ptBR } from '../locales/pt-BR/messages.js';
import { messages as en } from '../locales/en/messages.js';
import { DONATION_MESSAGES, paymentsTooMany } from '../payments/messages.js';
import { recoveryCodesLeftMessage } from '../twofactor/messages.js';
import { AUDIT_MESSAGES } from '../audit/messages.js';
import { VOTE_MESSAGES } from '../votes/messages.js';
import { deleteUserQuestion } from '../contests/messages.js';
import { contrastRefusal, SITE_MESSAGES } from '../site/messages.js';
import { translateContractText } from './contract-text.js';
import { escapeIcu, icuMessage, parseIcuTemplate } from './icu.js';

const inPortuguese = setupI18n({ locale: 'pt-BR', messages: { 'pt-BR': ptBR } });

describe('translateContractText', () => {
  it('should translate a fixed text by its English', () => {
    expect(translateContractText(VOTE_MESSAGES.counted, inPortuguese)).toBe('Seu voto foi contabilizado!');
  });

  it("should translate a template's text, its values taken from the English", () => {
    expect(translateContractText(DONATION_MESSAGES.amountMin('$1'), inPortuguese)).toBe('O valor deve ser de pelo menos $1');
    expect(translateContractText(deleteUserQuestion('ana_b'), inPortuguese)).toBe(
      'Tem certeza de que deseja excluir permanentemente o perfil de ana_b? Esta ação não pode ser desfeita',
    );
  });

  it('should let the translation choose its words by a number it was given', () => {
    expect(translateContractText(paymentsTooMany(1), inPortuguese)).toMatch(/em 1 minuto\.$/);
    expect(translateContractText(paymentsTooMany(12), inPortuguese)).toMatch(/em 12 minutos\.$/);
    expect(translateContractText(AUDIT_MESSAGES.chainIntact(3, 'abcdef0123456789ff'), inPortuguese)).toBe(
      'Cadeia de resumos íntegra: 3 registros, resumo mais recente abcdef0123456789…',
    );
  });

  it("should write a number the translation marks as one in the language's way (4,5 in Portuguese)", () => {
    expect(translateContractText(contrastRefusal('Texto', '4.2'), inPortuguese)).toBe(
      'Texto ficaria difícil de ler: o contraste é de 4,2:1 e precisa ser de pelo menos 4,5:1. Escolha um fundo mais escuro ou outro destaque.',
    );
    expect(translateContractText(SITE_MESSAGES.contrastPasses, inPortuguese)).toBe('Todos os pares têm contraste de 4,5:1 ou mais');
  });

  it('should translate a value that is itself a contract text', () => {
    expect(translateContractText(recoveryCodesLeftMessage(2), inPortuguese)).toBe(
      'Restam 2 códigos de recuperação. Crie novos em breve na página Verificação em duas etapas.',
    );
    expect(translateContractText(recoveryCodesLeftMessage(1), inPortuguese)).toMatch(/^Restam 1 código de recuperação\./);
    expect(translateContractText(recoveryCodesLeftMessage(7), inPortuguese)).toBe('Código de recuperação usado: restam 7 códigos de recuperação.');
  });

  it('should return a text the catalog does not know unchanged, without a warning', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(translateContractText('Something the server never said', inPortuguese)).toBe('Something the server never said');
      expect(translateContractText('', inPortuguese)).toBe('');
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('should leave English as it is, with no catalog loaded', () => {
    const english = setupI18n({ locale: 'en', messages: { en: {} } });
    expect(translateContractText(DONATION_MESSAGES.amountMin('$1'), english)).toBe('Amount must be at least $1');
  });

  it('should compile every English text back to exactly itself', () => {
    const english = setupI18n({ locale: 'en', messages: { en } });
    const changed = Object.keys(en).filter((id) => {
      const parsed = parseIcuTemplate(id);
      if (!parsed) return true;
      const values = Object.fromEntries(parsed.names.map((name) => [name, `<${name}>`]));
      const expected = parsed.literals.map((literal, i) => literal + (i < parsed.names.length ? `<${parsed.names[i]}>` : '')).join('');
      return english._(id, values) !== expected;
    });
    expect(changed).toEqual([]);
  });
});

describe('the ICU form of an English text', () => {
  it('should quote braces and apostrophes that would start a quote, so Lingui reads back the English', () => {
    const cases: [string[], string[]][] = [
      [["It's {not} a '{value}' here: ", " ''twice''"], ['name']],
      [["Say '", "' and 'quote'"], ['word']],
      [["The site's name"], []],
    ];
    for (const [literals, names] of cases) {
      const id = icuMessage(literals, names);
      expect(parseIcuTemplate(id)).toEqual({ literals, names });
      const i18n = setupI18n({ locale: 'en', messages: { en: { [id]: compileMessage(id) } } });
      const values = Object.fromEntries(names.map((name) => [name, `<${name}>`]));
      expect(i18n._(id, values)).toBe(literals.map((l, i) => l + (i < names.length ? `<${names[i]}>` : '')).join(''));
    }
    expect(escapeIcu("The site's name")).toBe("The site's name");
  });
});
