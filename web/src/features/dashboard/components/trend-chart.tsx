// Stacked bars of status totals per day, in plain SVG.
import { useTranslation } from 'react-i18next';
import { COUNTED_STATUSES, totalOf } from '../../../lib/attendance-status';
import type { TrendDay } from '../api/dashboard';

export function TrendChart({ days, testId }: { days: TrendDay[]; testId?: string }) {
  const { t } = useTranslation('common');
  const width = 640;
  const height = 200;
  const pad = { left: 28, bottom: 22, top: 8 };
  const max = Math.max(1, ...days.map((d) => COUNTED_STATUSES.reduce((n, s) => n + totalOf(d.totals, s.code), 0) + d.totals.open));
  const bw = days.length ? (width - pad.left) / days.length : 0;
  const scale = (height - pad.bottom - pad.top) / max;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={t('dashboard.trend')} data-testid={testId}>
      <line x1={pad.left} x2={width} y1={height - pad.bottom} y2={height - pad.bottom} stroke="#d9d9d9" />
      <text x={pad.left - 4} y={pad.top + 10} fontSize={10} textAnchor="end" fill="#8c8c8c">
        {max}
      </text>
      {days.map((d, i) => {
        let y = height - pad.bottom;
        const x = pad.left + i * bw + 1;
        return (
          <g key={d.date}>
            <title>
              {`${d.date}\n${COUNTED_STATUSES.map((s) => `${t(s.label)}: ${totalOf(d.totals, s.code)}`).join('\n')}`}
            </title>
            {COUNTED_STATUSES.map((s) => {
              const h = totalOf(d.totals, s.code) * scale;
              y -= h;
              return h > 0 ? <rect key={s.code} x={x} y={y} width={Math.max(1, bw - 2)} height={h} fill={s.color} /> : null;
            })}
            {(i % 5 === 0 || i === days.length - 1) && (
              <text x={x + bw / 2} y={height - 6} fontSize={10} textAnchor="middle" fill="#8c8c8c">
                {d.date.slice(5)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
