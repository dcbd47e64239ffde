import { api } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

/** Ends the server session (best effort) and clears the local one. */
export async function logout() {
  try {
    await api.post<void>('/api/auth/logout');
  } catch {
    // The session is cleared locally whatever the server says.
  } finally {
    clearSession();
  }
}
