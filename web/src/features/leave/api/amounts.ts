// Leave amounts are decimal days (or hours for hourly types) with at most two decimals.
import type { TFunction } from 'i18next';

/** 1.5 → "1.5", 2 → "2", -0.5 → "-0.5" (at most two decimals, no trailing zeros). */
export function formatAmount(n: number | undefined | null): string {
  if (n === undefined || n === null || Number.isNaN(n)) return '0';
  const s = (Math.round(n * 100) / 100).toFixed(2).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
}

/** An amount with its unit, translated and pluralised ("1 day", "2.5 days", "3 hours"). */
export function amountWithUnit(t: TFunction, n: number, unit: string | undefined): string {
  return t(unit === 'hour' ? 'leave:units.hours' : 'leave:units.days', { count: n, value: formatAmount(n) });
}

/** The balance cell: "balance (available)" and whether it has gone below zero. */
export function balanceDisplay(e: { balance: number; available: number }): { balance: string; available: string; negative: boolean; differs: boolean } {
  return {
    balance: formatAmount(e.balance),
    available: formatAmount(e.available),
    negative: e.available < 0 || e.balance < 0,
    differs: Math.round(e.balance * 100) !== Math.round(e.available * 100),
  };
}
