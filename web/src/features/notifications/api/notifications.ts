// The caller's notifications: inbox, read one/all, preferences, and the live stream (issue 12).
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope } from '../../../lib/api-schemas';
import type { components } from '../../../lib/api-types';

type Schemas = components['schemas'];
export type Notification = Schemas['Notification'];
export type NotificationKind = Schemas['NotificationKind'];
export type NotificationChannel = Schemas['NotificationChannel'];

export interface InboxPage {
  data: Notification[];
  meta: { unread: number; next_before: number | null };
}

export interface Preferences {
  preferences: Record<string, NotificationChannel>;
  kinds: NotificationKind[];
  channels: NotificationChannel[];
}

export const notificationKeys = {
  all: ['notifications'] as const,
  inbox: (size: number) => ['notifications', 'inbox', size] as const,
  preferences: ['notifications', 'preferences'] as const,
};

export function fetchInbox(before: number | undefined, limit: number, signal?: AbortSignal) {
  return api.get<InboxPage>('/api/notifications', { before, limit }, signal);
}

/** The inbox, newest first; more pages by id (keyset). */
export function useInbox(size = 20) {
  return useInfiniteQuery({
    queryKey: notificationKeys.inbox(size),
    queryFn: ({ pageParam, signal }) => fetchInbox(pageParam, size, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.meta.next_before ?? undefined,
  });
}

/** The unread count, from the newest page of the inbox. */
export function useUnreadCount() {
  return useQuery({
    queryKey: [...notificationKeys.all, 'unread'],
    queryFn: ({ signal }) => fetchInbox(undefined, 1, signal).then((r) => r.meta.unread),
  });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<DataEnvelope<{ unread: number }>>(`/api/notifications/${id}/read`),
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DataEnvelope<{ unread: number; marked: number }>>('/api/notifications/read-all'),
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function usePreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => api.get<DataEnvelope<Preferences>>('/api/notifications/preferences', undefined, signal).then((r) => r.data),
  });
}

export function useSavePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (prefs: Record<string, NotificationChannel>) =>
      api.put<DataEnvelope<Preferences>>('/api/notifications/preferences', { preferences: prefs }).then((r) => r.data),
    onSuccess: (data) => qc.setQueryData(notificationKeys.preferences, data),
  });
}
