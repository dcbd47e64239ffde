import type { RouteObject } from 'react-router';

/**
 * Every concrete path of a route table: nested paths joined, pathless layers walked
 * through, the catch-all and parameterised paths left out. The phone end-to-end test walks
 * this list (through window.__hadirRoutePaths, set in app.tsx), so a new route is covered
 * without anyone copying it into the test.
 */
export function routePaths(routes: RouteObject[], base = ''): string[] {
  const out: string[] = [];
  for (const r of routes) {
    const path = r.path === undefined ? base : r.path.startsWith('/') ? r.path : `${base.replace(/\/$/, '')}/${r.path}`;
    if (r.path !== undefined && !path.includes('*') && !path.includes(':')) out.push(path);
    if (r.children) out.push(...routePaths(r.children, path));
  }
  return [...new Set(out)];
}
