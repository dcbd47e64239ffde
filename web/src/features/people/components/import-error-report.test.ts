import { describe, expect, it } from 'vitest';
import { buildImportErrorCsv } from './import-error-report';

describe('import error report', () => {
  it('lists the row errors by line with the translated message', () => {
    const csv = buildImportErrorCsv(
      [
        { line: 5, field: 'email', code: 'validation.email', message: 'email is not valid' },
        { line: 2, field: 'code', code: 'validation.code_taken', message: 'taken, really' },
      ],
      { line: 'Line', field: 'Field', message: 'Issue' },
      (r) => (r.code === 'validation.email' ? 'Bad e-mail' : r.message),
    );
    expect(csv).toBe('Line,Field,Issue\r\n2,code,"taken, really"\r\n5,email,Bad e-mail\r\n');
  });
});
