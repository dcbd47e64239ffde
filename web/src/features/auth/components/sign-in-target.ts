// Where a sign-in lands: the page that sent the visitor to /login (RequireAuth passes it as
// state.from), or the dashboard. Only a path of this app is followed, never another origin.
export function signInTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/dashboard';
  if (from === '/login' || from.startsWith('/login?') || from.startsWith('/login/')) return '/dashboard';
  return from;
}
