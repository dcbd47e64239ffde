// Public holidays import (issue 13): the catalogue of countries, a preview, and the import.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope } from '../../../lib/api-schemas';
import type { components } from '../../../lib/api-types';
import type { OrgKind } from './holidays';

export type HolidayCatalogue = components['schemas']['HolidayCatalogue'];
export type HolidayImportDay = components['schemas']['HolidayImportDay'];
export type HolidayImportRequest = components['schemas']['HolidayImportRequest'];

function importBase(kind: OrgKind) {
  return kind === 'school' ? '/api/school/holiday/import' : '/api/holiday/import';
}

const keys = {
  catalogue: (kind: OrgKind) => ['holidays', kind, 'catalogue'] as const,
  preview: (kind: OrgKind, r: HolidayImportRequest) => ['holidays', kind, 'import-preview', r] as const,
};

export function useHolidayCatalogue(kind: OrgKind, enabled: boolean) {
  return useQuery({
    queryKey: keys.catalogue(kind),
    queryFn: ({ signal }) => api.get<DataEnvelope<HolidayCatalogue>>(importBase(kind), undefined, signal).then((r) => r.data),
    enabled,
    staleTime: Infinity,
  });
}

export function useHolidayImportPreview(kind: OrgKind, r: HolidayImportRequest | null) {
  return useQuery({
    queryKey: keys.preview(kind, r ?? { country: '', year: 0 }),
    queryFn: ({ signal }) =>
      api
        .get<DataEnvelope<HolidayImportDay[]>>(
          `${importBase(kind)}/preview`,
          { country: r!.country, region: r!.region || undefined, year: r!.year, language: r!.language },
          signal,
        )
        .then((x) => x.data),
    enabled: !!r,
  });
}

export function useImportHolidays(kind: OrgKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (r: HolidayImportRequest) =>
      api.post<DataEnvelope<{ added: number; days: HolidayImportDay[] }>>(importBase(kind), r).then((x) => x.data),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['holidays', kind] });
      void qc.invalidateQueries({ queryKey: ['attendance'] });
    },
  });
}
