// The signed-in session lives in localStorage: the bearer token under `id_token` and the
// session payload (name, email, org, roles, permissions) under `session`. A tiny external
// store lets React components re-render when either changes.
import type { SessionInfo } from './api-schemas';

export const TOKEN_KEY = 'id_token';
export const SESSION_KEY = 'session';

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedRaw: string | null | undefined;
let cachedSession: SessionInfo | null = null;

function emit() {
  listeners.forEach((l) => l());
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function getSession(): SessionInfo | null {
  const raw = localStorage.getItem(SESSION_KEY);
  if (raw === cachedRaw) return cachedSession;
  cachedRaw = raw;
  try {
    cachedSession = raw ? (JSON.parse(raw) as SessionInfo) : null;
  } catch {
    cachedSession = null;
  }
  return cachedSession;
}

/** Stores a session; a payload with `access_token` also replaces the token. */
export function saveSession(payload: SessionInfo & { access_token?: string; expires_at?: string; failed_attempts?: unknown }) {
  const { access_token, expires_at: _expires, failed_attempts: _failed, ...info } = payload;
  if (access_token) localStorage.setItem(TOKEN_KEY, access_token);
  localStorage.setItem(SESSION_KEY, JSON.stringify(info));
  emit();
}

export function clearSession() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(SESSION_KEY);
  emit();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === TOKEN_KEY || e.key === SESSION_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function hasPermission(session: SessionInfo | null, permission: string): boolean {
  return !!session?.permissions?.includes(permission);
}
