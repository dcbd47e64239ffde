import { describe, expect, it } from 'vitest';
import { companyOwner } from '../test/render-app';
import { visibleMenu } from './menu';

describe('the My team entry', () => {
  it('shows only to someone who manages people', () => {
    const keys = (manages: boolean) => visibleMenu(companyOwner, undefined, manages).flatMap((e) => (e.children ?? []).map((c) => c.key));
    expect(keys(false)).not.toContain('personal-team');
    expect(keys(true)).toContain('personal-team');
    expect(keys(false)).toContain('personal-requests');
  });
});
