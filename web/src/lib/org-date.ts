// Dates in the organisation's time zone: the API's "today" is the org's, not the browser's.

/** YYYY-MM-DD of an instant in a time zone (the browser's when the zone is unknown). */
export function dateInZone(timeZone: string | undefined, at: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  } catch {
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  }
}
