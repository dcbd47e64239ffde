import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import en from '../../../locales/en/notifications.json';
import { notificationLink, notificationText } from './notification-text';

// A t() over the English file, enough to check which sentence is chosen and what fills it.
const t = ((key: string, vars: Record<string, string> = {}) => {
  const path = key.replace(/^notifications:/, '').split('.');
  let v: unknown = en;
  for (const k of path) v = (v as Record<string, unknown>)?.[k];
  return String(v ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');
}) as unknown as TFunction;

const params = { kind: 'leave', person: 'Nurul', type: 'Annual', from: '2026-12-07', to: '2026-12-08', by: 'Aminah' };

describe('notificationText', () => {
  it('renders each kind from its params', () => {
    expect(notificationText(t, { kind: 'submitted', params })).toBe('Nurul applied for leave: Annual, 2026-12-07 – 2026-12-08');
    expect(notificationText(t, { kind: 'approved', params: { ...params, to: '2026-12-07' } })).toBe(
      'Your leave application (Annual, 2026-12-07) was approved by Aminah',
    );
    expect(notificationText(t, { kind: 'rejected', params: { ...params, comment: 'Exams' } })).toContain('rejected by Aminah: Exams');
    expect(notificationText(t, { kind: 'cancelled', params: { ...params, by_applicant: true } })).toBe(
      'Nurul cancelled their leave application (Annual, 2026-12-07 – 2026-12-08)',
    );
    expect(notificationText(t, { kind: 'submitted', params: { ...params, kind: 'away' } })).toContain('applied for away');
    expect(notificationText(t, { kind: 'correction_applied', params: { date: '2026-11-30', action: 'time_edit', old: '08:10', new: '08:00', by: 'Aminah' } })).toBe(
      'Aminah moved your punch on 2026-11-30 from 08:10 to 08:00',
    );
    expect(notificationText(t, { kind: 'device_offline', params: { device_id: 3, device: 'Gate', code: 'SN0003' } })).toBe('The device Gate (SN0003) is offline');
    expect(notificationText(t, { kind: 'device_online', params: { device_id: 3, device: 'Gate', code: 'SN0003' } })).toBe('The device Gate (SN0003) is back online');
    // From the approvals engine: any kind of request, named by its applicant.
    expect(notificationText(t, { kind: 'waiting', params: { request_id: 4, request_kind: 'attendance_correction', person: 'Nurul Lee' } })).toBe(
      'A request from Nurul Lee is waiting for your decision',
    );
    // A decision on an attendance-correction request (the approvals engine's OnDecision hook).
    const req = { request_id: 9, request_kind: 'attendance_correction', correction: 'add_punch', date: '2026-12-08', by: 'Aminah' };
    expect(notificationText(t, { kind: 'approved', params: req })).toBe('Your attendance correction request for 2026-12-08 was approved by Aminah');
    expect(notificationText(t, { kind: 'rejected', params: { ...req, comment: 'No visit' } })).toBe(
      'Your attendance correction request for 2026-12-08 was rejected by Aminah: No visit',
    );
    // A decision on an overtime request (issue 13): the date and the minutes approved.
    const ot = { request_id: 12, request_kind: 'overtime', date: '2026-11-16', minutes: 60, by: 'Aminah' };
    expect(notificationText(t, { kind: 'approved', params: ot })).toBe('Your overtime of 2026-11-16 was approved by Aminah: 60 minutes');
    expect(notificationText(t, { kind: 'rejected', params: { ...ot, comment: 'Not planned' } })).toBe('Your overtime of 2026-11-16 was rejected by Aminah: Not planned');
    expect(notificationText(t, { kind: 'rejected', params: ot })).toBe('Your overtime of 2026-11-16 was rejected by Aminah');
  });

  it('links a decision to the applicant’s own list and an applicant’s cancellation nowhere', () => {
    expect(notificationLink({ kind: 'approved', params: { kind: 'away' } })).toBe('/personal/away');
    expect(notificationLink({ kind: 'cancelled', params: { by_applicant: true } })).toBeUndefined();
    expect(notificationLink({ kind: 'rejected', params: { request_kind: 'attendance_correction' } })).toBe('/personal/requests');
    expect(notificationLink({ kind: 'correction_applied', params: {} })).toBe('/personal/attendance');
    expect(notificationLink({ kind: 'approved', params: { request_kind: 'overtime' } })).toBe('/personal/attendance');
    expect(notificationLink({ kind: 'waiting', params: { request_kind: 'leave' } })).toBe('/approvals');
    // A device's notification opens its drawer on the devices list of the reader's organisation.
    expect(notificationLink({ kind: 'device_offline', params: { device_id: 3 } }, 'company')).toBe('/device/facial?device=3');
    expect(notificationLink({ kind: 'device_online', params: { device_id: 7 } }, 'school')).toBe('/school/management/device/facial?device=7');
    expect(notificationLink({ kind: 'device_offline', params: {} }, 'company')).toBeUndefined();
    expect(notificationLink({ kind: 'device_offline', params: { device_id: 3 } })).toBeUndefined();
  });
});
