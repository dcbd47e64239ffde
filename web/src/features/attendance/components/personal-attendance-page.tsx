// The member's own month: a calendar of coloured days and the punches of a chosen day.
import { useState } from 'react';
import { App, Button, Card, Col, DatePicker, Popconfirm, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import type { AttendanceDay } from '../api/faces';
import { useAskOvertime, useMyOvertime, usePersonalClock, usePersonalMonth, useWithdrawOvertime } from '../api/personal';
import { ClockRecordsTable } from './clock-records-table';
import { DayFlags } from './day-flags';
import { gridCell } from './monthly-grid';
import { OvertimeCell } from './overtime';
import { TotalsSummary } from './totals-summary';
import { useOrgToday } from './use-org-today';
import { StatusLegend, StatusTag } from '../../../components/attendance-status';
import { DayReason } from '../../../components/day-reason';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { isNotLinked, NotLinkedNotice } from '../../../components/not-linked';
import { serverFieldErrors, translateApiError } from '../../../lib/form-errors';

/** The weeks of a month as rows of 7 (Monday first), blanks before the 1st and after the last. */
export function calendarWeeks(month: string): (string | null)[][] {
  const first = dayjs(`${month}-01`);
  const lead = (first.day() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= first.daysInMonth(); d++) cells.push(first.date(d).format('YYYY-MM-DD'));
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

function DayCell({ date, day, selected, onPick }: { date: string; day?: AttendanceDay; selected: boolean; onPick: () => void }) {
  const c = gridCell(day);
  return (
    <div
      role="button"
      tabIndex={0}
      onClick={onPick}
      onKeyDown={(e) => e.key === 'Enter' && onPick()}
      data-testid={`personal-day-${date}`}
      data-status={day?.status}
      style={{
        border: selected ? '2px solid #1677ff' : '1px solid #f0f0f0',
        borderRadius: 6,
        padding: 6,
        minHeight: 56,
        cursor: 'pointer',
        background: day ? `${c.background}33` : undefined,
      }}
    >
      <div style={{ fontWeight: 600 }}>{Number(date.slice(8))}</div>
      {day && (
        <div style={{ fontSize: 12 }}>
          <span style={{ background: c.background, color: c.color, borderRadius: 3, padding: '0 4px' }}>{c.text}</span>{' '}
          {day.in_time}
        </div>
      )}
    </div>
  );
}

export default function PersonalAttendancePage() {
  const { t } = useTranslation(['attendance', 'errors']);
  const { message } = App.useApp();
  const ask = useAskOvertime();
  const withdraw = useWithdrawOvertime();
  const today = useOrgToday();
  const [params, setParams] = useSearchParams();
  const raw = params.get('month');
  const month = raw && /^\d{4}-\d{2}$/.test(raw) ? raw : today.slice(0, 7);
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const selected = picked && picked.startsWith(month) ? picked : month === today.slice(0, 7) ? today : undefined;
  const monthQuery = usePersonalMonth(month);
  const clock = usePersonalClock(selected);
  const byDate = new Map((monthQuery.data?.days ?? []).map((d) => [d.date, d]));

  // A pending request of the chosen day may be withdrawn; its id comes from "my overtime".
  const chosen = selected ? byDate.get(selected) : undefined;
  const pendingDay = chosen?.overtime_state === 'pending' ? chosen.date : undefined;
  const myOvertime = useMyOvertime(!!pendingDay);
  const pendingRequest = pendingDay ? myOvertime.data?.find((r) => r.date === pendingDay && r.state === 'pending') : undefined;

  if (isNotLinked(monthQuery.error)) {
    return (
      <>
        <PageHeader title={t('personal.title')} />
        <NotLinkedNotice />
      </>
    );
  }

  const weekdays = Array.from({ length: 7 }, (_, i) => dayjs('2024-01-01').add(i, 'day').format('ddd'));
  const day = selected ? byDate.get(selected) : undefined;

  return (
    <>
      <PageHeader
        title={t('personal.title')}
        extra={
          <DatePicker
            picker="month"
            allowClear={false}
            value={dayjs(`${month}-01`)}
            onChange={(d) => d && setParams({ month: d.format('YYYY-MM') })}
            data-testid="personal-month"
          />
        }
      />
      {monthQuery.isError ? (
        <QueryError error={monthQuery.error} onRetry={() => monthQuery.refetch()} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            <Card loading={monthQuery.isLoading}>
              <div style={{ marginBottom: 12 }}>
                <TotalsSummary totals={monthQuery.data?.totals} />
              </div>
              <div style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 6 }} data-testid="personal-calendar">
                {weekdays.map((w) => (
                  <div key={w} style={{ textAlign: 'center', color: 'var(--ant-color-text-secondary)' }}>
                    {w}
                  </div>
                ))}
                {calendarWeeks(month)
                  .flat()
                  .map((d, i) =>
                    d ? <DayCell key={d} date={d} day={byDate.get(d)} selected={d === selected} onPick={() => setPicked(d)} /> : <div key={`b${i}`} />,
                  )}
              </div>
              <div style={{ marginTop: 12 }}>
                <StatusLegend letters marks />
              </div>
            </Card>
          </Col>
          <Col xs={24} xl={10}>
            <Card title={selected ? t('personal.day', { date: selected }) : t('personal.pick_day')}>
              {day && (
                <Space orientation="vertical" style={{ marginBottom: 12 }}>
                  <Space>
                    <StatusTag status={day.status} manual={day.manual} />
                    <DayFlags day={day} />
                  </Space>
                  <DayReason reason={day.reason} />
                  <Typography.Text>
                    {t('daily.in_time')}: {day.in_time || '–'} · {t('daily.last_seen')}: {day.last_seen || '–'}
                  </Typography.Text>
                  {!!day.overtime_minutes && (
                    <Space wrap>
                      <Typography.Text>{t('overtime.column')}:</Typography.Text>
                      <OvertimeCell day={day} />
                      {day.overtime_needs_approval && !day.overtime_state && day.date < today && (
                        <Button
                          size="small"
                          loading={ask.isPending}
                          data-testid="overtime-ask"
                          onClick={() =>
                            ask.mutate(day.date, {
                              onSuccess: () => message.success(t('overtime.asked')),
                              onError: (e) => message.error(serverFieldErrors(e, t).date?.[0] ?? translateApiError(t, e)),
                            })
                          }
                        >
                          {t('overtime.ask')}
                        </Button>
                      )}
                      {pendingRequest && (
                        <Popconfirm
                          title={t('overtime.withdraw_confirm')}
                          okText={t('overtime.withdraw_ok')}
                          cancelText={t('overtime.withdraw_keep')}
                          okButtonProps={{ danger: true, ...({ 'data-testid': 'overtime-withdraw-confirm' } as Record<string, string>) }}
                          onConfirm={() =>
                            withdraw.mutateAsync(pendingRequest.id).then(
                              () => message.success(t('overtime.withdrawn')),
                              (e) => message.error(translateApiError(t, e)),
                            )
                          }
                        >
                          <Button size="small" danger loading={withdraw.isPending} data-testid="overtime-withdraw">
                            {t('overtime.withdraw')}
                          </Button>
                        </Popconfirm>
                      )}
                    </Space>
                  )}
                </Space>
              )}
              {selected && <ClockRecordsTable records={clock.data?.records ?? []} loading={clock.isFetching} />}
            </Card>
          </Col>
        </Row>
      )}
    </>
  );
}
