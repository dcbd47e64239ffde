import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PersonKind } from '../api/faces';

/** Teacher / staff switch of the school leave screens: each side is its own route. */
export function PersonKindSwitch({ value, pathOf }: { value: PersonKind; pathOf: (k: 'teacher' | 'staff') => string }) {
  const { t } = useTranslation('leave');
  const navigate = useNavigate();
  if (value === 'employee') return null;
  return (
    <Segmented<'teacher' | 'staff'>
      value={value}
      onChange={(k) => navigate(pathOf(k))}
      options={[
        { value: 'teacher', label: <span data-testid="leave-switch-teacher">{t('person_kind.teacher')}</span> },
        { value: 'staff', label: <span data-testid="leave-switch-staff">{t('person_kind.staff')}</span> },
      ]}
      style={{ marginBottom: 16 }}
    />
  );
}
