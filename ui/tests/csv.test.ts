import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv, csvField } from '../src/lib/csv';

describe('CSV', () => {
  it('reads quotes, doubled quotes, CRLF and a BOM', () => {
    expect(parseCsv('\uFEFFa,"b,c","say ""hi"""\r\n1,2,3\n')).toEqual([
      ['a', 'b,c', 'say "hi"'],
      ['1', '2', '3'],
    ]);
  });
  it('keeps newlines inside quotes and skips blank lines', () => {
    expect(parseCsv('"x\ny",z\n\n')).toEqual([['x\ny', 'z']]);
  });
  it('writes UTF-8 with BOM and CRLF, quoting where needed', () => {
    const text = toCsv(
      ['名前', 'n'],
      [
        ['山田, 太郎', 1],
        ['"q"', null],
      ],
    );
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toBe('\uFEFF名前,n\r\n"山田, 太郎",1\r\n"""q""",\r\n');
    expect(parseCsv(text)).toEqual([
      ['名前', 'n'],
      ['山田, 太郎', '1'],
      ['"q"', ''],
    ]);
  });
  it('quotes leading/trailing spaces', () => {
    expect(csvField(' a')).toBe('" a"');
    expect(csvField('a')).toBe('a');
  });
  it('neutralises cells that start like formulas, numbers stay numbers', () => {
    expect(csvField('=HYPERLINK("http://x","go")')).toBe('"\'=HYPERLINK(""http://x"",""go"")"');
    for (const lead of ['+1', '-1', '@A1', '\t=1', '＝1', '＋1', '－1', '＠A1']) {
      expect(parseCsv(csvField(lead) + '\n')[0][0]).toBe(`'${lead}`);
    }
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('alice@example.com')).toBe('alice@example.com');
    expect(csvField(-5)).toBe('-5');
  });
});
