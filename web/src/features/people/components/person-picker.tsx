// Picks one person of the organisation by name, code or e-mail (from two characters), for
// reporting lines: a person's manager and a department's head. A school searches its teachers
// and its staff; a company its employees.
import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listPeople } from '../api/people';
import { EMPLOYEE_FACE, STAFF_FACE, TEACHER_FACE } from '../api/faces';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

export interface PersonPickerProps {
  orgKind: 'school' | 'company';
  value?: number | null;
  onChange?: (v: number | null) => void;
  /** The name of the current value, shown before any search. */
  currentName?: string;
  /** A person who may not be picked (the person being edited). */
  exclude?: number;
  id?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

export function PersonPicker({ orgKind, value, onChange, currentName, exclude, id, ...rest }: PersonPickerProps) {
  const { t } = useTranslation('people');
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 200);
  const faces = orgKind === 'school' ? [TEACHER_FACE, STAFF_FACE] : [EMPLOYEE_FACE];
  const results = useQueries({
    queries: faces.map((face) => ({
      queryKey: ['people', face.kind, 'picker', term],
      queryFn: ({ signal }: { signal: AbortSignal }) => listPeople(face, { page: 1, size: 20, base: term }, signal),
      enabled: term.length >= 2,
    })),
  });
  const options = useMemo(() => {
    const seen = new Map<number, string>();
    if (value && currentName) seen.set(value, currentName);
    for (const r of results) {
      for (const p of r.data?.data ?? []) {
        if (p.id !== exclude) seen.set(p.id, `${p.name} (${p.code})`);
      }
    }
    return [...seen].map(([v, label]) => ({ value: v, label }));
  }, [results, value, currentName, exclude]);
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value || undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={options}
      placeholder={t('reporting.search_person')}
      notFoundContent={term.length < 2 ? t('reporting.type_two') : t('reporting.nobody')}
      loading={results.some((r) => r.isFetching)}
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid']}
    />
  );
}
