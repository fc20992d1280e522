import { describe, expect, it } from '@jest/globals';
import { csvCell, csvLine } from './csv.js';

describe('csv', () => {
  it('should leave plain text and numbers as they are and empty nulls', () => {
    expect(csvLine(['abc', 12, null, undefined, 'fan@example.com', 0])).toBe('abc,12,,,fan@example.com,0\r\n');
  });

  it('should quote commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('Doe, Jane')).toBe('"Doe, Jane"');
    expect(csvCell('say "boo"')).toBe('"say ""boo"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+31 6', "'+31 6"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    [';=1+1', "';=1+1"],
    ['|=cmd', "'|=cmd"],
    ['  =1+1', "'  =1+1"],
    [' ;=1', "' ;=1"],
    ['\u00a0@x', "'\u00a0@x"],
    ['-1', "'-1"],
  ])('should defuse the formula-like cell %j', (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it('should both defuse and quote a formula with a comma or quote', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('\rx')).toBe(`"'\rx"`);
  });

  it('should not touch a formula character inside the text, or a negative number', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('a;b|c')).toBe('a;b|c');
    expect(csvLine(['void', -1, 'x'])).toBe('void,-1,x\r\n');
  });
});
