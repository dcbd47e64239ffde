import { Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { STATUSES } from '../api/faces';

/** The value of the "every status" choice when a list opens on another status. */
export const ALL_STATUSES = 'all';

/**
 * The status filter of an application list, kept in the URL (?status=). The empty string means
 * every status. With a default (the approval lists open on "pending"), no parameter means the
 * default and ?status=all means every status.
 */
export function useStatusParam(defaultStatus = ''): [string, (v: string) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  let status: string;
  if (raw === null) status = defaultStatus;
  else if ((STATUSES as string[]).includes(raw)) status = raw;
  else status = raw === ALL_STATUSES ? '' : defaultStatus;
  const set = (v: string) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      p.delete('page');
      if (v === defaultStatus) p.delete('status');
      else p.set('status', v || ALL_STATUSES);
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
      aria-label={t('fields.status')}
      data-testid="application-status-filter"
      options={[{ value: '', label: t('status.all') }, ...STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
    />
  );
}

/** Applications per status; undefined while a count is not known yet. */
export type StatusCounts = Partial<Record<string, number>>;

/**
 * The approval list's status choice with the number of applications of each status:
 * "Pending 3 · Approved 12 · Rejected 1 · Cancelled 0 · All 16". The empty value is "All".
 */
export function StatusSegments({ value, onChange, counts }: { value: string; onChange: (v: string) => void; counts: StatusCounts }) {
  const { t } = useTranslation('leave');
  const known = STATUSES.every((s) => counts[s] !== undefined);
  const total = known ? STATUSES.reduce((n, s) => n + (counts[s] ?? 0), 0) : undefined;
  const option = (key: string, label: string, n: number | undefined) => ({
    value: key,
    label: (
      <span data-testid={`status-segment-${key}`} style={{ whiteSpace: 'nowrap' }}>
        {label}{' '}
        <span data-testid={`status-count-${key}`} style={{ opacity: 0.65, fontVariantNumeric: 'tabular-nums' }}>
          {n ?? '…'}
        </span>
      </span>
    ),
  });
  return (
    // Five choices with counts are wider than a phone: they scroll inside their own box, never the page.
    <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Segmented
        value={value || ALL_STATUSES}
        onChange={(v) => onChange(v === ALL_STATUSES ? '' : String(v))}
        data-testid="application-status-segments"
        options={[...STATUSES.map((s) => option(s, t(`status.${s}`), counts[s])), option(ALL_STATUSES, t('status.all_short'), total)]}
      />
    </div>
  );
}
