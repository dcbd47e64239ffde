import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import en from '../../../locales/en/devices.json';
import { backlogText, driftText, relativeContact } from './health';

// A t() over the English file: which sentence is chosen and what fills it.
const t = ((key: string, vars: Record<string, string | number> = {}) => {
  let v: unknown = en;
  for (const k of key.replace(/^devices:/, '').split('.')) v = (v as Record<string, unknown>)?.[k];
  return String(v ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));
}) as unknown as TFunction;

const now = Date.parse('2026-03-02T10:00:00Z');
const ago = (s: number) => new Date(now - s * 1000).toISOString();

describe('device health texts', () => {
  it('shows the last contact as a relative time in the language', () => {
    expect(relativeContact(ago(20), now, 'en')).toBe('20 seconds ago');
    expect(relativeContact(ago(5 * 60 + 10), now, 'en')).toBe('5 minutes ago');
    expect(relativeContact(ago(3 * 3600), now, 'en')).toBe('3 hours ago');
    expect(relativeContact(ago(2 * 86400), now, 'de')).toBe('vorgestern');
    expect(relativeContact(null, now, 'en')).toBe('');
  });

  it('says how far the clock is off, and which way', () => {
    expect(driftText(t, 90, 'en')).toBe('90 sec ahead');
    expect(driftText(t, -300, 'en')).toBe('5 min behind');
    expect(driftText(t, 1, 'en')).toBe('On time');
    expect(driftText(t, null, 'en')).toBe('—');
  });

  it('counts the backlog, a dash for punches never reported', () => {
    expect(backlogText(t, 4, 12)).toBe('4 commands · 12 punches');
    expect(backlogText(t, 0, null)).toBe('0 commands · — punches');
  });
});
