// A day's reason in words: the engine sends the rule that decided a day as a code with its
// parameters (api DayReason); the words live in the attendance namespace under "reason", the
// same sentences the exports use (internal/attendance/reason_words.go).
import type { TFunction } from 'i18next';
import type { components } from './api-types';

export type DayReason = components['schemas']['DayReason'];

/** The reason as one translated sentence, e.g. "Late: first punch 08:07, time in 08:00". */
export function describeReason(t: TFunction, reason: DayReason | undefined): string {
  if (!reason) return '';
  const p = { ...reason.params };
  if (reason.code === 'manual') {
    p.by = p.by || t('attendance:reason.by_unknown');
    p.comment = p.comment || t('attendance:reason.no_comment');
  }
  const session = p.session ? t(`attendance:reason.session_${p.session}`) : '';
  const values = { ...p, session };
  let text = t(`attendance:reason.${reason.code}`, values);
  if (p.session && reason.code !== 'half_leave' && reason.code !== 'half_away') {
    text += t('attendance:reason.half_day', values);
  }
  return text;
}
