// Turns the apply form into the API's body: a single day carries its session (full, AM, PM),
// a range carries none, an hourly type carries a time range (from–to) on one date (issue 13),
// or, without one, hours. With an attachment the same
// fields travel as multipart form data.

export type Session = 'full' | 'am' | 'pm' | 'hours';

export interface ApplyFields {
  leaveTypeId: number;
  unit: 'day' | 'hour';
  from: string;
  to?: string;
  session?: Session;
  hours?: number;
  /** HH:MM of a partial day (hourly types). */
  fromTime?: string;
  toTime?: string;
  reason?: string;
}

export interface ApplyPayload {
  leave_type_id: number;
  from_date: string;
  to_date: string;
  session?: Session;
  hours?: number;
  from_time?: string;
  to_time?: string;
  reason?: string;
}

/** Whether the form's dates are one day, so a half day (or hours) can be chosen. */
export function isSingleDay(from?: string, to?: string): boolean {
  return !!from && (!to || to === from);
}

export function buildApplyPayload(f: ApplyFields): ApplyPayload {
  const single = isSingleDay(f.from, f.to);
  const out: ApplyPayload = { leave_type_id: f.leaveTypeId, from_date: f.from, to_date: single ? f.from : (f.to as string) };
  if (f.unit === 'hour') {
    out.to_date = f.from;
    if (f.fromTime || f.toTime) {
      out.session = 'hours';
      out.from_time = f.fromTime;
      out.to_time = f.toTime;
    } else if (f.hours !== undefined && f.hours !== null) out.hours = f.hours;
  } else if (single) {
    out.session = f.session ?? 'full';
  }
  const reason = f.reason?.trim();
  if (reason) out.reason = reason;
  return out;
}

/** The payload (plus any person fields of an assignment) as multipart, with the attachment. */
export function toFormData(payload: object, attachment?: File | Blob | null): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(payload)) {
    if (v !== undefined && v !== null && v !== '') fd.append(k, String(v));
  }
  if (attachment) fd.append('attachment', attachment, attachment instanceof File ? attachment.name : 'attachment');
  return fd;
}

/** The body to send: JSON without an attachment, multipart with one. */
export function applyBody(payload: object, attachment?: File | null): object | FormData {
  return attachment ? toFormData(payload, attachment) : payload;
}

export const ATTACHMENT_ACCEPT = 'application/pdf,image/*';
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
export const MAX_REASON = 2000;

/** Whether a chosen file can be sent: a PDF or an image of at most 5 MB. */
export function attachmentProblem(file: File): 'type' | 'size' | null {
  const okType = file.type === 'application/pdf' || file.type.startsWith('image/') || /\.(pdf|png|jpe?g|gif|webp)$/i.test(file.name);
  if (!okType) return 'type';
  if (file.size > MAX_ATTACHMENT_BYTES) return 'size';
  return null;
}

/** Minutes from one HH:MM to another (negative or zero when the end is not after the start). */
export function rangeMinutes(from?: string, to?: string): number {
  const m = (s?: string) => (s && /^\d\d:\d\d$/.test(s) ? Number(s.slice(0, 2)) * 60 + Number(s.slice(3)) : NaN);
  const d = m(to) - m(from);
  return Number.isNaN(d) ? 0 : d;
}
