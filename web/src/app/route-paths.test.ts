import { describe, expect, it } from 'vitest';
import { routePaths } from './route-paths';

describe('routePaths', () => {
  it('joins nested paths, walks pathless layers and leaves out catch-alls and parameters', () => {
    const paths = routePaths([
      { path: '/', element: null },
      { element: null, children: [{ path: '/login' }, { children: [{ path: '/dashboard' }, { path: '*' }] }] },
      { path: '/people', children: [{ path: 'list' }, { path: ':id' }, { index: true }] },
      { path: '/login' },
    ]);
    expect(paths).toEqual(['/', '/login', '/dashboard', '/people', '/people/list']);
  });
});
