import type { TFunction } from 'i18next';
import type { RefItem } from './api-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import type { paths } from './api-types';

type CompanyTypeRef = paths['/api/ref/company/type']['get']['responses']['200']['content']['application/json'];

export const referenceKeys = {
  companyType: () => ['ref', 'company-type'] as const,
  relation: () => ['ref', 'relation'] as const,
  marital: () => ['ref', 'marital'] as const,
};

/** Emergency-contact relations. */
export function useRelationRef() {
  return useQuery({
    queryKey: referenceKeys.relation(),
    queryFn: () => api.get<{ data: { relation: RefItem[] } }>('/api/ref/employee/contact').then((r) => r.data.relation),
    staleTime: Infinity,
  });
}

/** Marital statuses. */
export function useMaritalRef() {
  return useQuery({
    queryKey: referenceKeys.marital(),
    queryFn: () => api.get<{ data: RefItem[] }>('/api/ref/marital').then((r) => r.data),
    staleTime: Infinity,
  });
}

export function getCompanyTypeRef() {
  return api.get<CompanyTypeRef>('/api/ref/company/type').then((r) => r.data);
}

export const companyTypeRefQuery = () =>
  queryOptions({ queryKey: referenceKeys.companyType(), queryFn: getCompanyTypeRef, staleTime: Infinity });

/** Company types and states for selects. */
export function useCompanyTypeRef() {
  return useQuery(companyTypeRefQuery());
}

/** A reference item's name in the current language, keyed by its stable code (ref namespace). */
export function refLabel(t: TFunction, group: 'company_type' | 'marital' | 'relation', item: RefItem): string {
  return t(`ref:${group}.${item.code}`, { defaultValue: item.name });
}
