import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { PersonLeaveFace } from '../api/faces';
import { usePeopleOptions } from '../api/lookups';

/**
 * A searchable select of the face's people (name or code, from two characters). With alsoFace
 * (a school's other kind of person) it searches both and groups the answers by kind.
 */
export function PersonPicker({
  face,
  alsoFace,
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
  alsoFace?: PersonLeaveFace;
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
  const also = usePeopleOptions(alsoFace ?? face, term, !!alsoFace);
  const toOptions = (list: { id: number; name: string; code: string }[] | undefined) =>
    (list ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.code})` }));
  const options = alsoFace
    ? [
        { label: t(`person_kind.${face.personKind}`), title: t(`person_kind.${face.personKind}`), options: toOptions(people.data) },
        { label: t(`person_kind.${alsoFace.personKind}`), title: t(`person_kind.${alsoFace.personKind}`), options: toOptions(also.data) },
      ]
    : toOptions(people.data);
  return (
    <Select<number | number[]>
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      mode={multiple ? 'multiple' : undefined}
      placeholder={t('picker.placeholder')}
      loading={people.isFetching || (!!alsoFace && also.isFetching)}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      options={options}
      notFoundContent={t('picker.none')}
      data-testid={testId}
      id={id}
      // Outside a labelled form field the placeholder is the only name: say it to a screen reader too.
      aria-label={id ? undefined : t('picker.placeholder')}
      style={{ minWidth: 280, ...style }}
    />
  );
}
