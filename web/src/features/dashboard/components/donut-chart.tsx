// A donut of status totals in plain SVG; each slice (and legend row) can be clicked. People
// whose day is not decided yet (status 0, before the cut-off) are a hatched slice of their own,
// so a morning's dashboard shows who is still to come instead of an empty ring.
import { useTranslation } from 'react-i18next';
import { statusInfo } from '../../../lib/attendance-status';
import { OpenSwatch } from './trend-chart';

export interface Slice {
  status: number;
  total: number;
}

const TAU = Math.PI * 2;

function arc(cx: number, cy: number, r: number, inner: number, a0: number, a1: number): string {
  const large = a1 - a0 > Math.PI ? 1 : 0;
  const p = (rad: number, a: number) => `${cx + rad * Math.sin(a)} ${cy - rad * Math.cos(a)}`;
  return `M ${p(r, a0)} A ${r} ${r} 0 ${large} 1 ${p(r, a1)} L ${p(inner, a1)} A ${inner} ${inner} 0 ${large} 0 ${p(inner, a0)} Z`;
}

/** Start and end angles of each non-empty slice, clockwise from the top. */
export function sliceAngles(slices: Slice[]): { status: number; total: number; a0: number; a1: number }[] {
  const sum = slices.reduce((n, s) => n + s.total, 0);
  if (!sum) return [];
  let a = 0;
  return slices
    .filter((s) => s.total > 0)
    .map((s) => {
      const a0 = a;
      a += (s.total / sum) * TAU;
      return { ...s, a0, a1: a };
    });
}

export function DonutChart({ slices, onPick, testId }: { slices: Slice[]; onPick?: (status: number) => void; testId?: string }) {
  const { t } = useTranslation('common');
  const size = 180;
  const c = size / 2;
  const sum = slices.reduce((n, s) => n + s.total, 0);
  const parts = sliceAngles(slices);
  const hatch = `${testId ?? 'donut'}-open`;
  // The chart's text alternative: every count by name (issue 17).
  const summary = `${t('dashboard.today')}: ${slices.map((s) => `${s.status === 0 ? t('dashboard.open') : t(statusInfo(s.status).label)} ${s.total}`).join(', ')}`;
  const fill = (status: number) => (status === 0 ? `url(#${hatch})` : statusInfo(status).color);
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 16, flexWrap: 'wrap' }} data-testid={testId}>
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={summary}>
        <defs>
          <pattern id={hatch} width={6} height={6} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width={6} height={6} fill="#8c8c8c" fillOpacity={0.15} />
            <line x1={0} y1={0} x2={0} y2={6} stroke="#8c8c8c" strokeWidth={2} strokeOpacity={0.6} />
          </pattern>
        </defs>
        {sum === 0 && <circle cx={c} cy={c} r={70} fill="none" stroke="#8c8c8c" strokeOpacity={0.2} strokeWidth={30} />}
        {parts.map((p) =>
          p.a1 - p.a0 >= TAU - 1e-6 ? (
            <circle
              key={p.status}
              cx={c}
              cy={c}
              r={70}
              fill="none"
              stroke={fill(p.status)}
              strokeWidth={30}
              style={{ cursor: onPick ? 'pointer' : undefined }}
              onClick={() => onPick?.(p.status)}
            />
          ) : (
            <path
              key={p.status}
              d={arc(c, c, 85, 55, p.a0, p.a1)}
              fill={fill(p.status)}
              style={{ cursor: onPick ? 'pointer' : undefined }}
              onClick={() => onPick?.(p.status)}
            >
              <title>{`${p.status === 0 ? t('dashboard.open') : t(statusInfo(p.status).label)}: ${p.total}`}</title>
            </path>
          ),
        )}
        <text x={c} y={c + 8} textAnchor="middle" fontSize={24} fontWeight={600} fill="currentColor">
          {sum}
        </text>
      </svg>
      <div>
        {slices.map((s) => {
          const info = statusInfo(s.status);
          return (
            <div
              key={s.status}
              role="button"
              tabIndex={0}
              onClick={() => onPick?.(s.status)}
              onKeyDown={(e) => e.key === 'Enter' && onPick?.(s.status)}
              style={{ display: 'flex', alignItems: 'center', gap: 8, cursor: onPick ? 'pointer' : undefined, padding: '2px 0' }}
              data-testid={`${testId}-legend-${info.name}`}
            >
              {s.status === 0 ? (
                <OpenSwatch />
              ) : (
                <span style={{ width: 12, height: 12, borderRadius: 2, background: info.color, display: 'inline-block' }} />
              )}
              <span>{s.status === 0 ? t('dashboard.open') : t(info.label)}</span>
              <b data-testid={`${testId}-count-${info.name}`}>{s.total}</b>
            </div>
          );
        })}
      </div>
    </div>
  );
}
