// A notification's text, rendered from its kind and params in the reader's language: the
// server stores no sentence, so the same row reads right in each of the seven languages.
import type { TFunction } from 'i18next';
import type { Notification } from '../api/notifications';

type Params = Record<string, unknown>;

function str(p: Params, key: string): string {
  const v = p[key];
  return v === undefined || v === null ? '' : String(v);
}

/** The dates of an application: one date, or "from – to". */
function range(p: Params): string {
  const from = str(p, 'from');
  const to = str(p, 'to');
  return !to || to === from ? from : `${from} – ${to}`;
}

/** The sentence of a notification. */
export function notificationText(t: TFunction, n: Pick<Notification, 'kind' | 'params'>): string {
  const p = (n.params ?? {}) as Params;
  const what = t(`notifications:what.${str(p, 'kind') === 'away' ? 'away' : 'leave'}`);
  const vars = { person: str(p, 'person'), type: str(p, 'type'), range: range(p), by: str(p, 'by') || t('notifications:an_admin'), what, date: str(p, 'date') };
  switch (n.kind) {
    case 'submitted':
      return t('notifications:text.submitted', vars);
    case 'waiting':
      // From the approvals engine: a request of any kind, named by its applicant only.
      return p.request_kind && !p.type ? t('notifications:text.waiting_request', vars) : t('notifications:text.waiting', vars);
    case 'approved':
      if (p.request_kind === 'attendance_correction') return t('notifications:text.request_approved', vars);
      if (p.request_kind === 'overtime') return t('notifications:text.overtime_approved', { ...vars, minutes: str(p, 'minutes') });
      return t('notifications:text.approved', vars);
    case 'rejected':
      if (p.request_kind === 'overtime') {
        return p.comment ? t('notifications:text.overtime_rejected_comment', { ...vars, comment: str(p, 'comment') }) : t('notifications:text.overtime_rejected', vars);
      }
      if (p.request_kind === 'attendance_correction') {
        return p.comment ? t('notifications:text.request_rejected_comment', { ...vars, comment: str(p, 'comment') }) : t('notifications:text.request_rejected', vars);
      }
      return p.comment ? t('notifications:text.rejected_comment', { ...vars, comment: str(p, 'comment') }) : t('notifications:text.rejected', vars);
    case 'cancelled':
      return p.by_applicant ? t('notifications:text.cancelled_by_applicant', vars) : t('notifications:text.cancelled', vars);
    case 'correction_applied': {
      const action = str(p, 'action');
      const known = ['time_add', 'time_edit', 'time_delete', 'status'].includes(action) ? action : 'status';
      return t(`notifications:text.correction.${known}`, { ...vars, old: str(p, 'old'), new: str(p, 'new') });
    }
    case 'device_offline':
    case 'device_online':
      return t(`notifications:text.${n.kind}`, { device: str(p, 'device'), code: str(p, 'code') });
    default:
      return t('notifications:text.other');
  }
}

/**
 * Where a notification leads: the applicant's own list, the approvals of its kind, or the
 * device's drawer on the devices list of the reader's kind of organisation.
 */
export function notificationLink(n: Pick<Notification, 'kind' | 'params'>, orgKind?: string): string | undefined {
  const p = (n.params ?? {}) as Params;
  const kind = str(p, 'kind') === 'away' ? 'away' : 'leave';
  switch (n.kind) {
    case 'approved':
    case 'rejected':
      if (p.request_kind === 'overtime') return '/personal/attendance';
      return p.request_kind === 'attendance_correction' ? '/personal/requests' : `/personal/${kind}`;
    case 'cancelled':
      return p.by_applicant ? undefined : `/personal/${kind}`;
    case 'correction_applied':
      return '/personal/attendance';
    case 'waiting':
      return '/approvals';
    case 'device_offline':
    case 'device_online': {
      const id = Number(p.device_id);
      if (!Number.isInteger(id) || id <= 0) return undefined;
      const list = orgKind === 'school' ? '/school/management/device/facial' : orgKind === 'company' ? '/device/facial' : undefined;
      return list && `${list}?device=${id}`;
    }
    default:
      return undefined;
  }
}
