// Web clock-in, clock sites, kiosks and the member's home screen (issue 11).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope, ListEnvelope } from '../../../lib/api-schemas';
import type { components } from '../../../lib/api-types';

type Schemas = components['schemas'];
export type Site = Schemas['ClockSite'];
export type SiteInput = Schemas['ClockSiteInput'];
export type Kiosk = Schemas['Kiosk'];
export type ClockedPunch = Schemas['ClockedPunch'];
export type ClockedSite = Schemas['ClockedSite'];
export interface Clocked {
  punch: ClockedPunch;
  site: ClockedSite;
}
export interface HomeData {
  date: string;
  kind: 'teacher' | 'staff' | 'employee';
  today: Schemas['AttendanceDay'];
  web_clock: { allowed: boolean; sites: ClockedSite[] };
  kiosk_pin: boolean;
  next_holiday: Schemas['Holiday'] | null;
}
export interface KioskScreen {
  kiosk: string;
  pin_pad: boolean;
  site: string;
  organisation: string;
  timezone: string;
  code: string;
  url: string;
  qr_code: string;
  issued_at: string;
  refresh_in: number;
  valid_for: number;
}
export type Entitlement = Schemas['LeaveEntitlement'];
export type Application = Schemas['LeaveApplication'];
export interface GroupOption {
  id: number;
  name: string;
  kind: string;
}

export const clockKeys = {
  sites: ['clockin', 'sites'] as const,
  kiosks: ['clockin', 'kiosks'] as const,
  pins: ['clockin', 'pins'] as const,
  home: ['clockin', 'home'] as const,
  groups: (orgKind: string) => ['clockin', 'groups', orgKind] as const,
  kiosk: (secret: string) => ['clockin', 'kiosk', secret] as const,
};

export function useSites() {
  return useQuery({
    queryKey: clockKeys.sites,
    queryFn: ({ signal }) => api.get<DataEnvelope<Site[]>>('/api/attendance/sites', undefined, signal).then((r) => r.data),
  });
}

export function useSaveSite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SiteInput & { id?: number }) =>
      (id ? api.put<DataEnvelope<Site>>(`/api/attendance/sites/${id}`, body) : api.post<DataEnvelope<Site>>('/api/attendance/sites', body)).then((r) => r.data),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['clockin'] }),
  });
}

export function useDeleteSite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/attendance/sites/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['clockin'] }),
  });
}

/** The groups a site can allow: teachers' and staff's groups in a school, employees' in a company. */
export function useGroupOptions(orgKind: 'school' | 'company') {
  return useQuery({
    queryKey: clockKeys.groups(orgKind),
    queryFn: async ({ signal }) => {
      const page = { 'page[number]': 1, 'page[size]': 150 };
      const lists =
        orgKind === 'school'
          ? await Promise.all(
              (['teacher', 'staff'] as const).map((type) =>
                api.get<ListEnvelope<Schemas['Group']>>('/api/school/group/management', { ...page, type }, signal).then((r) => r.data),
              ),
            )
          : [await api.get<ListEnvelope<Schemas['Group']>>('/api/group/record', page, signal).then((r) => r.data)];
      return lists.flat().map((g): GroupOption => ({ id: g.id, name: g.name, kind: g.kind }));
    },
  });
}

export function useKiosks() {
  return useQuery({
    queryKey: clockKeys.kiosks,
    queryFn: ({ signal }) => api.get<DataEnvelope<Kiosk[]>>('/api/attendance/kiosks', undefined, signal).then((r) => r.data),
  });
}

export function useCreateKiosk() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; site_id: number; pin_pad: boolean }) =>
      api.post<DataEnvelope<{ kiosk: Kiosk; path: string; url: string }>>('/api/attendance/kiosks', body).then((r) => r.data),
    onSuccess: () => void qc.invalidateQueries({ queryKey: clockKeys.kiosks }),
  });
}

export function useRevokeKiosk() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/attendance/kiosks/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: clockKeys.kiosks }),
  });
}

/** Switches a kiosk's PIN pad on or off. */
export function useSetPinPad() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, pin_pad }: { id: number; pin_pad: boolean }) =>
      api.patch<DataEnvelope<Kiosk>>(`/api/attendance/kiosks/${id}`, { pin_pad }).then((r) => r.data),
    onSuccess: () => void qc.invalidateQueries({ queryKey: clockKeys.kiosks }),
  });
}

export interface PinHolder {
  person_id: number;
  code: string;
  name: string;
  updated_at: string;
}

/** The people with a kiosk PIN (never the PIN). */
export function usePinHolders() {
  return useQuery({
    queryKey: clockKeys.pins,
    queryFn: ({ signal }) => api.get<DataEnvelope<PinHolder[]>>('/api/attendance/kiosk-pins', undefined, signal).then((r) => r.data),
  });
}

/** An admin sets (pin given) or clears (pin null) a person's kiosk PIN. */
export function useSetPersonPin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ personId, pin }: { personId: number; pin: string | null }): Promise<void> => {
      if (pin === null) await api.delete<void>(`/api/attendance/kiosk-pins/${personId}`);
      else await api.put<DataEnvelope<{ pin_set: boolean }>>(`/api/attendance/kiosk-pins/${personId}`, { pin });
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: clockKeys.pins }),
  });
}

/** A member sets or changes their own kiosk PIN. */
export function useSetMyPin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (pin: string) => api.put<DataEnvelope<{ pin_set: boolean }>>('/api/attendance/kiosk-pin', { pin }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: clockKeys.home }),
  });
}

export interface PinClocked {
  name: string;
  at: string;
  local_time: string;
  date: string;
  time: string;
  site: string;
}

/** The kiosk's PIN pad: person code and PIN, no account. */
export function useKioskPin(secret: string) {
  return useMutation({
    mutationFn: (body: { code: string; pin: string }) =>
      api.post<DataEnvelope<PinClocked>>(`/api/kiosk/${encodeURIComponent(secret)}/pin`, body).then((r) => r.data),
  });
}

/** The kiosk tablet's screen: a fresh code every refresh_in seconds (30). */
export function useKioskScreen(secret: string) {
  return useQuery({
    queryKey: clockKeys.kiosk(secret),
    queryFn: ({ signal }) => api.get<DataEnvelope<KioskScreen>>(`/api/kiosk/${encodeURIComponent(secret)}`, undefined, signal).then((r) => r.data),
    refetchInterval: (q) => (q.state.status === 'error' ? false : (q.state.data?.refresh_in ?? 30) * 1000),
    refetchIntervalInBackground: true,
    retry: false,
  });
}

export function useHome() {
  return useQuery({
    queryKey: clockKeys.home,
    queryFn: ({ signal }) => api.get<DataEnvelope<HomeData>>('/api/attendance/home', undefined, signal).then((r) => r.data),
    retry: false,
  });
}

export interface PositionInput {
  latitude: number;
  longitude: number;
  accuracy: number;
}

export function useWebClock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: PositionInput) => api.post<DataEnvelope<Clocked>>('/api/attendance/web-clock', p).then((r) => r.data),
    onSuccess: () => void qc.invalidateQueries({ queryKey: clockKeys.home }),
  });
}

export function useKioskClock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<DataEnvelope<Clocked>>('/api/attendance/kiosk-clock', { code }).then((r) => r.data),
    onSuccess: () => void qc.invalidateQueries({ queryKey: clockKeys.home }),
  });
}

/** People of the organisation by name or code (from two characters), for the PIN form. */
export function usePersonOptions(orgKind: 'school' | 'company', search: string) {
  return useQuery({
    queryKey: ['clockin', 'people', orgKind, search],
    enabled: search.length >= 2,
    queryFn: async ({ signal }) => {
      const paths = orgKind === 'school' ? ['/api/school/employee/teacher', '/api/school/employee/staff'] : ['/api/employee/record'];
      const lists = await Promise.all(
        paths.map((path) =>
          api
            .get<ListEnvelope<{ id: number; code: string; name: string }>>(path, { 'page[number]': 1, 'page[size]': 20, 'filter[base]': search }, signal)
            .then((r) => r.data),
        ),
      );
      return lists.flat().map((p) => ({ id: p.id, code: p.code, name: p.name }));
    },
  });
}

/** A member's leave or away balances (the personal area's entitlements). */
export function useMyBalances(kind: 'leave' | 'away') {
  return useQuery({
    queryKey: ['clockin', 'balances', kind],
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<Entitlement>>(`/api/school/personal/${kind}/entitlement`, { 'page[number]': 1, 'page[size]': 50 }, signal).then((r) => r.data),
    retry: false,
  });
}

/** A member's pending leave or away applications. */
export function useMyPending(kind: 'leave' | 'away') {
  return useQuery({
    queryKey: ['clockin', 'pending', kind],
    queryFn: ({ signal }) =>
      api
        .get<ListEnvelope<Application>>(`/api/school/personal/${kind}/application`, { 'page[number]': 1, 'page[size]': 10, status: 'pending' }, signal)
        .then((r) => r.data),
    retry: false,
  });
}
