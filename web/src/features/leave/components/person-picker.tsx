import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { PersonLeaveFace } from '../api/faces';
import { usePeopleOptions } from '../api/lookups';

/** A searchable select of the face's people (name or code, from two characters). */
export function PersonPicker({
  face,
  value,
  onChange,
  multiple,
  testId = 'leave-person-picker',
  style,
  id,
}: {
  /** Set by a Form.Item, so that its label names this control. */
  id?: string;
  face: PersonLeaveFace;
  value?: number | number[];
  onChange?: (v: number | number[] | undefined) => void;
  multiple?: boolean;
  testId?: string;
  style?: React.CSSProperties;
}) {
  const { t } = useTranslation('leave');
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 200);
  const term = debounced.trim().length >= 2 ? debounced.trim() : '';
  const people = usePeopleOptions(face, term);
  return (
    <Select<number | number[]>
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      mode={multiple ? 'multiple' : undefined}
      placeholder={t('picker.placeholder')}
      loading={people.isFetching}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      options={(people.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.code})` }))}
      notFoundContent={t('picker.none')}
      data-testid={testId}
      id={id}
      // Outside a labelled form field the placeholder is the only name: say it to a screen reader too.
      aria-label={id ? undefined : t('picker.placeholder')}
      style={{ minWidth: 280, ...style }}
    />
  );
}
