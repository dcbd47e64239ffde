import { beforeEach, describe, expect, it } from 'vitest';
import { savePendingCode, takePendingCode } from './pending-code';

describe('pending kiosk code', () => {
  beforeEach(() => sessionStorage.clear());

  it('is used once', () => {
    savePendingCode('k1.1.1.1.sig', 1000);
    expect(takePendingCode(2000)).toBe('k1.1.1.1.sig');
    expect(takePendingCode(2000)).toBeNull();
  });

  it('is dropped after a minute', () => {
    savePendingCode('k1.1.1.1.sig', 1000);
    expect(takePendingCode(1000 + 60_001)).toBeNull();
  });

  it('ignores what it did not write', () => {
    sessionStorage.setItem('hadir.pending_kiosk_code', 'not json');
    expect(takePendingCode()).toBeNull();
  });
});
