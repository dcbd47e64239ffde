// A kiosk code scanned by a phone that was signed out: kept in this tab's session storage
// while the member signs in, then used once, if it is still young enough to be accepted.
const KEY = 'hadir.pending_kiosk_code';
/** The server accepts a code for 60 seconds from its issue; the scan came after that. */
const KEEP_MS = 60_000;

export function savePendingCode(code: string, now = Date.now()) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ code, at: now }));
  } catch {
    // Storage refused (private mode): the member scans again after signing in.
  }
}

/** The pending code, forgotten as it is read; null when none or too old. */
export function takePendingCode(now = Date.now()): string | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as { code?: unknown; at?: unknown };
    if (typeof v.code !== 'string' || typeof v.at !== 'number' || now - v.at > KEEP_MS) return null;
    return v.code;
  } catch {
    return null;
  }
}
