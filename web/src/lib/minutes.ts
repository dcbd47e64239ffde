/** Minutes as h:mm ("1:45"); "–" for none (overtime, issue 13). */
export function formatMinutes(m: number | undefined): string {
  if (!m) return '–';
  return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
}
