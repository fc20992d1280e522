// Lingui extractor of the contract's texts (contract/*/messages.ts): the English the server answers with
// and the pages quote, written as plain constants (no macros, so the server and the client share them);
// and of the server's e-mail texts (server/src/**/mail-messages.ts), written the same way.
// Which strings are texts, by where they stand:
// - a value of an exported constant: the constant itself, a property's value in an object (at any depth),
//   a branch of a conditional, what an arrow function or a function returns, a local constant in a
//   function's body; never an import, a property key, a type, a call's argument or a comparison;
// - and that holds a letter and is not a code: a single lower-case token ('paypal'), a URL or a path.
// A string literal's id is its English. A template literal is one message: each `${…}` a value named
// after its expression (`${name}` → {name}, `${limits.max}` → {max}, anything else by its position,
// {0}, {1}…), so `Amount must be at least ${oneVote}` is `Amount must be at least {oneVote}`. The
// strings inside a `${…}` are not texts of their own: the translation gets their value.
// Ids are written in ICU (contract/i18n/icu.ts) so they compile back to exactly the English.
import type { ExtractedMessage, ExtractorType } from '@lingui/conf';
import ts from 'typescript';
import { escapeIcu, icuMessage } from '../contract/i18n/icu.js';

/** The files this extractor reads: each contract domain's messages.ts, and the server's mail-messages.ts. */
export const CONTRACT_MESSAGES_FILE = /(?:^|[\\/])contract[\\/][^\\/]+[\\/]messages\.ts$/;
export const SERVER_MAIL_MESSAGES_FILE = /(?:^|[\\/])server[\\/]src[\\/](?:.+[\\/])?mail-messages\.ts$/;

/** A text found: its id (ICU English), where it is (the constant's path), and its values' expressions. */
export interface ContractText {
  id: string;
  where: string;
  line: number;
  placeholders?: Record<string, string>;
}

/** Strings that are values but not words to read: no letter, a lower-case code, a URL or a path. */
function isText(value: string): boolean {
  return /\p{L}/u.test(value) && !/^[a-z0-9_.:-]+$/.test(value) && !/^(?:[a-z]+:\/\/|\/)\S*$/.test(value);
}

/** The placeholder name of a `${…}`: the identifier, the last property name, else its position. */
function valueName(expression: ts.Expression, index: number): string {
  let e = expression;
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return String(index);
}

/** Every text of a messages.ts file, in the order written. */
export function contractTexts(filename: string, code: string): ContractText[] {
  const source = ts.createSourceFile(filename, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const texts: ContractText[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

  const fromTemplate = (node: ts.TemplateExpression, where: string) => {
    const literals = [node.head.text];
    const names: string[] = [];
    const placeholders: Record<string, string> = {};
    node.templateSpans.forEach((span, i) => {
      let name = valueName(span.expression, i);
      const expression = span.expression.getText(source);
      // Two different expressions of the same name: the second is named by its position.
      if (name in placeholders && placeholders[name] !== expression) name = String(i);
      placeholders[name] = expression;
      names.push(name);
      literals.push(span.literal.text);
    });
    texts.push({ id: icuMessage(literals, names), where, line: lineOf(node), placeholders });
  };

  const value = (node: ts.Node | undefined, where: string): void => {
    if (!node) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (isText(node.text)) texts.push({ id: escapeIcu(node.text), where, line: lineOf(node) });
    } else if (ts.isTemplateExpression(node)) fromTemplate(node, where);
    else if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) value(node.expression, where);
    else if (ts.isConditionalExpression(node)) {
      value(node.whenTrue, where);
      value(node.whenFalse, where);
    } else if (ts.isObjectLiteralExpression(node)) {
      for (const property of node.properties) {
        if (ts.isPropertyAssignment(property)) value(property.initializer, `${where}.${property.name.getText(source)}`);
      }
    } else if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) body(node.body, where);
  };

  const body = (node: ts.Node | undefined, where: string): void => {
    if (!node) return;
    if (ts.isBlock(node)) node.statements.forEach((statement) => body(statement, where));
    else if (ts.isReturnStatement(node)) value(node.expression, where);
    else if (ts.isIfStatement(node)) {
      body(node.thenStatement, where);
      body(node.elseStatement, where);
    } else if (ts.isVariableStatement(node)) {
      for (const declaration of node.declarationList.declarations) value(declaration.initializer, where);
    } else if (ts.isExpression(node)) value(node, where);
  };

  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) value(declaration.initializer, declaration.name.getText(source));
    } else if (ts.isFunctionDeclaration(statement)) body(statement.body, statement.name?.text ?? 'function');
  }
  return texts;
}

/** The extractor `lingui.config.ts` gives the contract's catalog. */
export const contractExtractor: ExtractorType = {
  match: (filename) => CONTRACT_MESSAGES_FILE.test(filename) || SERVER_MAIL_MESSAGES_FILE.test(filename),
  extract(filename, code, onMessageExtracted) {
    for (const text of contractTexts(filename, code)) {
      const message: ExtractedMessage = { id: text.id, message: text.id, comment: text.where, origin: [filename, text.line] };
      if (text.placeholders) message.placeholders = text.placeholders;
      onMessageExtracted(message);
    }
  },
};
