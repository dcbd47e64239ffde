import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope, ListEnvelope, Position, PositionInput } from '../../../lib/api-schemas';

export interface PositionListParams {
  page: number;
  size: number;
  name?: string;
}

export const positionKeys = {
  all: ['company', 'positions'] as const,
  list: (p: PositionListParams) => [...positionKeys.all, 'list', p] as const,
};

const PATH = '/api/company/settings/positions';

export function listPositions(p: PositionListParams, signal?: AbortSignal) {
  return api.get<ListEnvelope<Position>>(
    PATH,
    { 'page[number]': p.page, 'page[size]': p.size, 'filter[name]': p.name },
    signal,
  );
}

export const positionListQuery = (p: PositionListParams) =>
  queryOptions({
    queryKey: positionKeys.list(p),
    queryFn: ({ signal }) => listPositions(p, signal),
    placeholderData: keepPreviousData,
  });

export function usePositions(p: PositionListParams) {
  return useQuery(positionListQuery(p));
}

export function createPosition(body: PositionInput) {
  return api.post<DataEnvelope<Position>>(PATH, body).then((r) => r.data);
}

export function updatePosition(body: PositionInput & { id: number }) {
  return api.post<DataEnvelope<Position>>(`${PATH}/update`, body).then((r) => r.data);
}

export function deletePosition(id: number) {
  return api.delete<void>(PATH, { id });
}

function useInvalidatePositions() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: positionKeys.all });
}

export function useSavePosition() {
  const invalidate = useInvalidatePositions();
  return useMutation({
    mutationFn: (body: PositionInput & { id?: number }) =>
      body.id ? updatePosition({ ...body, id: body.id }) : createPosition(body),
    onSuccess: invalidate,
  });
}

export function useDeletePosition() {
  const invalidate = useInvalidatePositions();
  return useMutation({ mutationFn: deletePosition, onSuccess: invalidate });
}
