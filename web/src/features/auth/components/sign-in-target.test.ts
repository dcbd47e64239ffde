import { describe, expect, it } from 'vitest';
import { signInTarget } from './sign-in-target';

describe('signInTarget', () => {
  it('returns to the page that asked for a sign-in, with its query', () => {
    expect(signInTarget({ from: '/personal/leave?tab=apply' })).toBe('/personal/leave?tab=apply');
  });
  it('goes to the dashboard without a usable origin', () => {
    expect(signInTarget(null)).toBe('/dashboard');
    expect(signInTarget({})).toBe('/dashboard');
    expect(signInTarget({ from: 42 })).toBe('/dashboard');
    expect(signInTarget({ from: '/login' })).toBe('/dashboard');
  });
  it('never follows another origin', () => {
    expect(signInTarget({ from: 'https://evil.example/' })).toBe('/dashboard');
    expect(signInTarget({ from: '//evil.example/' })).toBe('/dashboard');
    expect(signInTarget({ from: '/\\evil.example/' })).toBe('/dashboard');
  });
});
