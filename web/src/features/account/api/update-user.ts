import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope, User, UserUpdateRequest } from '../../../lib/api-schemas';
import { getSession, saveSession } from '../../../lib/session';

export function updateUser(body: UserUpdateRequest) {
  return api.put<DataEnvelope<User>>('/api/user', body).then((r) => r.data);
}

/** Keeps the stored session's user in step with an updated profile. */
export function syncSessionUser(user: User) {
  const session = getSession();
  if (session) saveSession({ ...session, name: user.name, email: user.email, user });
}

export function useUpdateUser() {
  return useMutation({ mutationFn: updateUser, onSuccess: syncSessionUser });
}
