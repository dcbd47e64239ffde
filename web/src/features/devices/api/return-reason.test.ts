import { describe, expect, it } from 'vitest';
import { returnReason } from './return-reason';
import { i18n, initI18n } from '../../../lib/i18n';

describe('return codes in words', () => {
  it('names the known codes, falls back with the number, and says nothing for success', async () => {
    await initI18n('en');
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces('devices');
    const t = i18n.getFixedT('en');
    expect(returnReason(t, -1001)).toBe('The terminal is full');
    expect(returnReason(t, -10)).toBe('The person is not on the terminal');
    expect(returnReason(t, -77)).toBe('The terminal reported error -77');
    expect(returnReason(t, 0)).toBeNull();
    expect(returnReason(t, null)).toBeNull();
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces('devices');
    expect(returnReason(i18n.getFixedT('de'), -1001)).toBe('Das Terminal ist voll');
  });
});
