// Stacked bars of status totals per day, in plain SVG drawn at the box's real width, so its
// labels keep a readable size on a phone and on a wide screen. Days not decided yet (today
// before the cut-off) are a hatched segment, not a gap.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTED_STATUSES, totalOf } from '../../../lib/attendance-status';
import { languageInfo } from '../../../lib/languages';
import type { TrendDay } from '../api/dashboard';

export const LABEL_FONT = 12;
const HEIGHT = 220;
const PAD = { right: 4, bottom: 24, top: 10 };

/** Roughly how wide a label is drawn at LABEL_FONT: wide (CJK) characters count double. */
export function labelWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += /[\u2e80-\uffff]/.test(ch) ? LABEL_FONT : LABEL_FONT * 0.62;
  return Math.ceil(w);
}

export interface AxisLabel {
  index: number;
  text: string;
  x: number;
  anchor: 'start' | 'middle' | 'end';
}

/**
 * Which day labels fit under bars of width bw starting at left, and where: days about a
 * label's width apart plus the last, the first anchored at its start and the last at its end so neither
 * leaves the box, and no two closer than a gap.
 */
export function axisLabels(texts: string[], left: number, bw: number, gap = 8): AxisLabel[] {
  if (!texts.length) return [];
  const widest = Math.max(...texts.map(labelWidth));
  const step = Math.max(1, Math.ceil((widest + gap) / bw));
  const place = (i: number): AxisLabel => {
    const last = i === texts.length - 1;
    if (i === 0) return { index: i, text: texts[i], x: left, anchor: 'start' };
    if (last) return { index: i, text: texts[i], x: left + (i + 1) * bw, anchor: 'end' };
    return { index: i, text: texts[i], x: left + i * bw + bw / 2, anchor: 'middle' };
  };
  const span = (l: AxisLabel) => {
    const w = labelWidth(l.text);
    return l.anchor === 'start' ? [l.x, l.x + w] : l.anchor === 'end' ? [l.x - w, l.x] : [l.x - w / 2, l.x + w / 2];
  };
  const out: AxisLabel[] = [];
  const last = place(texts.length - 1);
  // Greedy from the left: a day is labelled when it clears the previous label and the last
  // one; after a label the next step-1 days are skipped, which keeps the spacing even.
  let end = -Infinity;
  for (let i = 0; i < texts.length - 1; i++) {
    const l = place(i);
    const [a, b] = span(l);
    if (a >= end + gap && b + gap <= span(last)[0]) {
      out.push(l);
      end = b;
      i += step - 1;
    }
  }
  out.push(last);
  return out;
}

function useWidth<T extends Element>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(200, Math.floor(el.getBoundingClientRect().width) || fallback));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [fallback]);
  return [ref, width] as const;
}

export function TrendChart({ days, testId }: { days: TrendDay[]; testId?: string }) {
  const { t, i18n } = useTranslation('common');
  const [box, width] = useWidth<HTMLDivElement>(640);
  const fmt = new Intl.DateTimeFormat(languageInfo(i18n.language).html, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const texts = days.map((d) => fmt.format(new Date(`${d.date}T00:00:00Z`)));
  const max = Math.max(1, ...days.map((d) => COUNTED_STATUSES.reduce((n, s) => n + totalOf(d.totals, s.code), 0) + d.totals.open));
  const left = labelWidth(String(max)) + 8;
  const bw = days.length ? (width - left - PAD.right) / days.length : 0;
  const scale = (HEIGHT - PAD.bottom - PAD.top) / max;
  const base = HEIGHT - PAD.bottom;
  const hatch = `${testId ?? 'trend'}-open`;
  return (
    <div ref={box} style={{ width: '100%' }}>
      <svg width={width} height={HEIGHT} role="img" aria-label={t('dashboard.trend')} data-testid={testId} style={{ display: 'block' }}>
        <defs>
          <pattern id={hatch} width={6} height={6} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width={6} height={6} fill="#8c8c8c" fillOpacity={0.15} />
            <line x1={0} y1={0} x2={0} y2={6} stroke="#8c8c8c" strokeWidth={2} strokeOpacity={0.6} />
          </pattern>
        </defs>
        <line x1={left} x2={width - PAD.right} y1={base} y2={base} stroke="#8c8c8c" strokeOpacity={0.5} />
        <text x={left - 6} y={PAD.top + LABEL_FONT / 2} fontSize={LABEL_FONT} textAnchor="end" fill="#8c8c8c" data-testid="trend-max">
          {max}
        </text>
        <text x={left - 6} y={base} fontSize={LABEL_FONT} textAnchor="end" fill="#8c8c8c">
          0
        </text>
        {days.map((d, i) => {
          let y = base;
          const x = left + i * bw + 1;
          const w = Math.max(1, bw - 2);
          const open = d.totals.open * scale;
          return (
            <g key={d.date}>
              <title>
                {`${texts[i]}\n${COUNTED_STATUSES.map((s) => `${t(s.label)}: ${totalOf(d.totals, s.code)}`).join('\n')}${d.totals.open ? `\n${t('dashboard.open')}: ${d.totals.open}` : ''}`}
              </title>
              {COUNTED_STATUSES.map((s) => {
                const h = totalOf(d.totals, s.code) * scale;
                y -= h;
                return h > 0 ? <rect key={s.code} x={x} y={y} width={w} height={h} fill={s.color} /> : null;
              })}
              {open > 0 && <rect x={x} y={y - open} width={w} height={open} fill={`url(#${hatch})`} data-testid="trend-open" />}
            </g>
          );
        })}
        {axisLabels(texts, left, bw).map((l) => (
          <text key={l.index} x={l.x} y={HEIGHT - 6} fontSize={LABEL_FONT} textAnchor={l.anchor} fill="#8c8c8c" data-testid="trend-label">
            {l.text}
          </text>
        ))}
      </svg>
      {/* The chart's text alternative: the same numbers as a table, for screen readers (issue 17).
          Hidden by a wrapping box: a table keeps its content's width whatever width it is given,
          so hidden itself it still widened a phone's page to 593 px (phone.test.mjs). */}
      <div className="visually-hidden">
      <table data-testid={testId ? `${testId}-table` : undefined}>
        <caption>{t('dashboard.trend')}</caption>
        <thead>
          <tr>
            <td />
            {COUNTED_STATUSES.map((s) => (
              <th key={s.code} scope="col">
                {t(s.label)}
              </th>
            ))}
            <th scope="col">{t('dashboard.open')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d, i) => (
            <tr key={d.date}>
              <th scope="row">{texts[i]}</th>
              {COUNTED_STATUSES.map((s) => (
                <td key={s.code}>{totalOf(d.totals, s.code)}</td>
              ))}
              <td>{d.totals.open}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </div>
  );
}

/** The legend's swatch of the hatched "not decided yet" segment. */
export function OpenSwatch() {
  return (
    <span
      style={{
        width: 12,
        height: 12,
        borderRadius: 2,
        display: 'inline-block',
        background: 'repeating-linear-gradient(45deg, rgba(140,140,140,0.6) 0 2px, rgba(140,140,140,0.15) 2px 5px)',
      }}
    />
  );
}
