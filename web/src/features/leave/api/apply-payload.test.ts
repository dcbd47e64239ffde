import { describe, expect, it } from 'vitest';
import { applyBody, attachmentProblem, buildApplyPayload, isSingleDay, rangeMinutes, toFormData } from './apply-payload';
import { balanceDisplay, formatAmount } from './amounts';
import { mergeTypeOptions } from './personal';

describe('apply payload', () => {
  it('a single day carries its session', () => {
    expect(buildApplyPayload({ leaveTypeId: 3, unit: 'day', from: '2026-03-02', session: 'am', reason: '  dentist  ' })).toEqual({
      leave_type_id: 3,
      from_date: '2026-03-02',
      to_date: '2026-03-02',
      session: 'am',
      reason: 'dentist',
    });
    // The same date as the end is still a single day; the session defaults to full.
    expect(buildApplyPayload({ leaveTypeId: 3, unit: 'day', from: '2026-03-02', to: '2026-03-02' })).toEqual({
      leave_type_id: 3,
      from_date: '2026-03-02',
      to_date: '2026-03-02',
      session: 'full',
    });
  });

  it('a range carries no session, even when one was chosen before', () => {
    const p = buildApplyPayload({ leaveTypeId: 1, unit: 'day', from: '2026-03-02', to: '2026-03-06', session: 'pm', reason: '' });
    expect(p).toEqual({ leave_type_id: 1, from_date: '2026-03-02', to_date: '2026-03-06' });
    expect('session' in p).toBe(false);
    expect(isSingleDay('2026-03-02', '2026-03-06')).toBe(false);
    expect(isSingleDay('2026-03-02', undefined)).toBe(true);
  });

  it('an hourly type sends hours on one date and no session', () => {
    expect(buildApplyPayload({ leaveTypeId: 7, unit: 'hour', from: '2026-03-02', to: '2026-03-09', session: 'am', hours: 2.5 })).toEqual({
      leave_type_id: 7,
      from_date: '2026-03-02',
      to_date: '2026-03-02',
      hours: 2.5,
    });
  });

  it('an hourly type with a time range sends it with the session hours, not hours', () => {
    expect(buildApplyPayload({ leaveTypeId: 7, unit: 'hour', from: '2026-03-02', hours: 3, fromTime: '10:00', toTime: '12:00' })).toEqual({
      leave_type_id: 7,
      from_date: '2026-03-02',
      to_date: '2026-03-02',
      session: 'hours',
      from_time: '10:00',
      to_time: '12:00',
    });
  });

  it('measures a range in minutes', () => {
    expect(rangeMinutes('10:00', '12:30')).toBe(150);
    expect(rangeMinutes('12:00', '10:00')).toBe(-120);
    expect(rangeMinutes('10:00', '')).toBe(0);
  });
});

describe('multipart body', () => {
  it('sends JSON without an attachment and multipart with one', async () => {
    const payload = buildApplyPayload({ leaveTypeId: 4, unit: 'day', from: '2026-03-02', session: 'pm', reason: 'clinic' });
    expect(applyBody(payload, null)).toBe(payload);

    const file = new File(['%PDF-1.4 test'], 'mc.pdf', { type: 'application/pdf' });
    const body = applyBody({ ...payload, id: 12 }, file);
    expect(body).toBeInstanceOf(FormData);
    const fd = body as FormData;
    expect(fd.get('leave_type_id')).toBe('4');
    expect(fd.get('from_date')).toBe('2026-03-02');
    expect(fd.get('to_date')).toBe('2026-03-02');
    expect(fd.get('session')).toBe('pm');
    expect(fd.get('reason')).toBe('clinic');
    expect(fd.get('id')).toBe('12');
    expect(fd.has('hours')).toBe(false);
    const sent = fd.get('attachment') as File;
    expect(sent.name).toBe('mc.pdf');
    expect(await sent.text()).toBe('%PDF-1.4 test');
  });

  it('leaves out empty fields', () => {
    const fd = toFormData({ a: '', b: undefined, c: null, d: 0 });
    expect([...fd.keys()]).toEqual(['d']);
  });

  it('accepts PDFs and images up to 5 MB only', () => {
    expect(attachmentProblem(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toBeNull();
    expect(attachmentProblem(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull();
    expect(attachmentProblem(new File(['x'], 'a.docx', { type: 'application/msword' }))).toBe('type');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    expect(attachmentProblem(big)).toBe('size');
  });
});

describe('balance display', () => {
  it('formats amounts with at most two decimals', () => {
    expect(formatAmount(2)).toBe('2');
    expect(formatAmount(1.5)).toBe('1.5');
    expect(formatAmount(0.25)).toBe('0.25');
    expect(formatAmount(-0.5)).toBe('-0.5');
    expect(formatAmount(-0)).toBe('0');
    expect(formatAmount(undefined)).toBe('0');
  });

  it('shows available only when pending applications hold some of the balance', () => {
    expect(balanceDisplay({ balance: 13, available: 13 })).toEqual({ balance: '13', available: '13', negative: false, differs: false });
    expect(balanceDisplay({ balance: 13, available: 11.5 })).toEqual({ balance: '13', available: '11.5', negative: false, differs: true });
    expect(balanceDisplay({ balance: 1, available: -1 }).negative).toBe(true);
  });
});

describe('personal type options', () => {
  it('offers the types of the own entitlements, completed by the type list when readable', () => {
    const ents = [
      { leave_type_id: 1, leave_type: 'Annual', unit: 'day' as const },
      { leave_type_id: 1, leave_type: 'Annual', unit: 'day' as const },
    ];
    expect(mergeTypeOptions(ents)).toEqual([{ id: 1, type: 'Annual', unit: 'day' }]);
    const types = [
      { id: 1, kind: 'leave' as const, type: 'Annual', description: '', unit: 'day' as const, day_count: 14, paid: true, allow_negative: false, attachment_required: true, max_carry: 5, in_use: true },
      { id: 2, kind: 'leave' as const, type: 'Unpaid', description: '', unit: 'day' as const, day_count: 0, paid: false, allow_negative: true, attachment_required: false, max_carry: 0, in_use: false },
      { id: 3, kind: 'leave' as const, type: 'Study', description: '', unit: 'day' as const, day_count: 3, paid: true, allow_negative: false, attachment_required: false, max_carry: 0, in_use: false },
    ];
    expect(mergeTypeOptions(ents, types).map((o) => [o.id, o.attachment_required])).toEqual([
      [1, true],
      [2, false],
    ]);
  });
});
