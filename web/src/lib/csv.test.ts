import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('csv', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(toCsv([['a', 'b,c', 'say "hi"', 'x\ny', 3]])).toBe('a,"b,c","say ""hi""","x\ny",3\r\n');
  });
});
