import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { STATUSES } from '../api/faces';

/** The status filter of an application list, kept in the URL (?status=). */
export function useStatusParam(): [string, (v: string) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status') ?? '';
  const status = (STATUSES as string[]).includes(raw) ? raw : '';
  const set = (v: string) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      p.delete('page');
      if (v) p.set('status', v);
      else p.delete('status');
      return p;
    });
  return [status, set];
}

export function StatusFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('leave');
  return (
    <Select
      value={value}
      onChange={onChange}
      style={{ minWidth: 160 }}
      data-testid="application-status-filter"
      options={[{ value: '', label: t('status.all') }, ...STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
    />
  );
}
