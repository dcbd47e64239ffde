// Device lists, changes, serial checks, enrolment, synchronisation and the command queue.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope, ListEnvelope } from '../../../lib/api-schemas';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import {
  ACCESS_EVENTS_PAGE_SIZE,
  type AccessEvent,
  COMMANDS_PAGE_SIZE,
  ENROL_PAGE_SIZE,
  type CodeCheck,
  type Device,
  type DeviceCommand,
  type DeviceFace,
  type DeviceInput,
  type DevicePerson,
  type EnrolKind,
} from './faces';

export const deviceKeys = {
  all: (face: DeviceFace) => ['devices', face.org] as const,
  list: (face: DeviceFace, p: unknown) => [...deviceKeys.all(face), 'list', p] as const,
  one: (face: DeviceFace, id: number) => [...deviceKeys.all(face), 'one', id] as const,
  people: (face: DeviceFace, id: number, kind: EnrolKind, inside: boolean, p: unknown) =>
    [...deviceKeys.all(face), 'people', id, kind, inside, p] as const,
  commands: (face: DeviceFace, id: number) => [...deviceKeys.all(face), 'commands', id] as const,
  code: (face: DeviceFace, code: string, id: number) => [...deviceKeys.all(face), 'code', code, id] as const,
};

export interface DeviceFilters {
  page: number;
  name?: string;
  purchaseDate?: string;
}

export function useDevices(face: DeviceFace, f: DeviceFilters, refetchInterval?: number) {
  return useQuery({
    queryKey: deviceKeys.list(face, f),
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<Device>>(
        face.api.list,
        { 'page[number]': f.page, 'page[size]': face.pageSize, 'filter[name]': f.name, 'filter[purchase_date]': f.purchaseDate },
        signal,
      ),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

export function useDevice(face: DeviceFace, id: number | undefined, refetchInterval?: number) {
  return useQuery({
    queryKey: deviceKeys.one(face, id ?? 0),
    queryFn: ({ signal }) => api.get<DataEnvelope<Device>>(face.api.form, { id }, signal).then((r) => r.data),
    enabled: !!id,
    refetchInterval,
  });
}

function useInvalidate(face: DeviceFace) {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: deviceKeys.all(face) });
}

export function useSaveDevice(face: DeviceFace) {
  const invalidate = useInvalidate(face);
  return useMutation({
    mutationFn: (d: DeviceInput) =>
      (d.id ? api.post<DataEnvelope<Device>>(face.api.update, d) : api.post<DataEnvelope<Device>>(face.api.create, d)).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useDeleteDevice(face: DeviceFace) {
  const invalidate = useInvalidate(face);
  return useMutation({ mutationFn: (id: number) => api.delete<void>(face.api.remove, { id }), onSuccess: invalidate });
}

export const SERIAL_PATTERN = /^[A-Za-z0-9_-]{4,40}$/;
export const SERIAL_CHECK_DEBOUNCE_MS = 300;
export type SerialStatus = 'idle' | 'checking' | 'available' | 'taken';

/** Live availability of a serial number while it is typed (a device may keep its own). */
export function useSerialAvailability(face: DeviceFace, code: string | undefined, exceptId?: number, initial?: string): SerialStatus {
  const trimmed = (code ?? '').trim();
  const debounced = useDebouncedValue(trimmed, SERIAL_CHECK_DEBOUNCE_MS);
  const wellFormed = (c: string) => SERIAL_PATTERN.test(c) && c.toUpperCase() !== (initial ?? '').toUpperCase();
  const enabled = wellFormed(debounced);
  const q = useQuery({
    queryKey: deviceKeys.code(face, debounced.toUpperCase(), exceptId ?? 0),
    queryFn: ({ signal }) => api.get<DataEnvelope<CodeCheck>>(face.api.code, { code: debounced, id: exceptId }, signal).then((r) => r.data),
    enabled,
    staleTime: 10_000,
  });
  if (trimmed !== debounced && wellFormed(trimmed)) return 'checking';
  if (!enabled) return 'idle';
  if (q.isFetching) return 'checking';
  if (q.data) return q.data.available ? 'available' : 'taken';
  return 'idle';
}

export function useDevicePeople(face: DeviceFace, deviceId: number, kind: EnrolKind, inside: boolean, p: { page: number; search?: string }) {
  const k = face.kinds.find((x) => x.kind === kind)!;
  return useQuery({
    queryKey: deviceKeys.people(face, deviceId, kind, inside, p),
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<DevicePerson>>(
        inside ? k.in : k.not,
        { id: deviceId, 'page[number]': p.page, 'page[size]': ENROL_PAGE_SIZE, 'filter[base]': p.search },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useEnrol(face: DeviceFace) {
  const invalidate = useInvalidate(face);
  return useMutation({
    mutationFn: (v: { deviceId: number; kind: EnrolKind; ids: number[]; add: boolean }) => {
      const k = face.kinds.find((x) => x.kind === v.kind)!;
      return api.post<DataEnvelope<Device>>(v.add ? k.add : k.remove, { device_id: v.deviceId, employee: v.ids }).then((r) => r.data);
    },
    onSuccess: invalidate,
  });
}

export function fetchCommands(face: DeviceFace, deviceId: number, size = COMMANDS_PAGE_SIZE, signal?: AbortSignal) {
  return api.get<ListEnvelope<DeviceCommand>>(face.api.commands, { id: deviceId, 'page[number]': 1, 'page[size]': size }, signal);
}

export function useSynchronise(face: DeviceFace) {
  const invalidate = useInvalidate(face);
  return useMutation({
    /**
     * Notes the newest command first so the batch of this synchronisation (its user query) can be
     * told apart. removeUnknown also deletes the PINs Hadir never put on the terminal.
     */
    mutationFn: async ({ deviceId, removeUnknown = false }: { deviceId: number; removeUnknown?: boolean }) => {
      const before = await fetchCommands(face, deviceId, 1);
      const afterId = before.data[0]?.id ?? 0;
      const r = await api.post<DataEnvelope<{ queued: number }>>(face.api.synchronize, { device_id: deviceId, remove_unknown: removeUnknown });
      return { afterId, queued: r.data.queued };
    },
    onSuccess: invalidate,
  });
}

/** The newest commands of a device; polled (every 2 s) while a synchronisation runs. */
export function useCommands(face: DeviceFace, deviceId: number, size: number, refetchInterval: number | false) {
  return useQuery({
    queryKey: [...deviceKeys.commands(face, deviceId), size],
    queryFn: ({ signal }) => fetchCommands(face, deviceId, size, signal),
    refetchInterval,
    placeholderData: keepPreviousData,
  });
}

/** A page of a device's access events (Security PUSH rtlog), newest first. */
export function useAccessEvents(face: DeviceFace, deviceId: number, page: number) {
  return useQuery({
    queryKey: [...deviceKeys.all(face), 'access-events', deviceId, page],
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<AccessEvent>>(face.api.accessEvents, { device_id: deviceId, 'page[number]': page, 'page[size]': ACCESS_EVENTS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}
