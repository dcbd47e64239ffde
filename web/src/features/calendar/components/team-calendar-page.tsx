import { Button, Card, Empty, Flex, Segmented, Select, Skeleton, Space, Tag, Typography, theme } from 'antd';
import { LeftOutlined, PrinterOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useSession } from '../../../lib/use-session';
import { useNarrowScreen } from '../../../lib/use-narrow-screen';
import { dateInZone } from '../../../lib/org-date';
import { useCalendarDepartments, useCalendarGroups, useManagesTeam, useTeamCalendar, type CalendarEntry, type TeamCalendar } from '../api/calendar';
import { covers, step, viewDays, type View } from './calendar-days';
import './team-calendar.css';

/** The browser's language tag for an app language code (ch and jp are stored codes). */
function tag(code: string): string {
  return code === 'ch' ? 'zh' : code === 'jp' ? 'ja' : code;
}

function EntryTag({ e }: { e: CalendarEntry }) {
  const { t } = useTranslation('calendar');
  const pending = e.status === 'pending';
  return (
    <Tag
      color={e.kind === 'away' ? 'purple' : 'blue'}
      variant={pending ? 'outlined' : 'filled'}
      style={{ borderStyle: pending ? 'dashed' : undefined, whiteSpace: 'normal', marginInlineEnd: 0, maxWidth: '100%' }}
      data-testid="calendar-entry"
      data-status={e.status}
    >
      {e.person} · {e.type}
      {pending && ` (${t('pending')})`}
      {e.session === 'am' || e.session === 'pm' ? ` · ${t(`session.${e.session}`)}` : ''}
      {e.session === 'hours' && e.from_time ? ` · ${e.from_time}–${e.to_time}` : ''}
    </Tag>
  );
}

/** What one day holds: holidays first, then who is off. */
function dayContent(cal: TeamCalendar, date: string) {
  return {
    holidays: cal.holidays.filter((h) => covers(h.from, h.to, date)),
    entries: cal.entries.filter((e) => covers(e.from, e.to, date)),
  };
}

function DayCell({ cal, date, inMonth, label }: { cal: TeamCalendar; date: string; inMonth: boolean; label: string }) {
  const { token } = theme.useToken();
  const { holidays, entries } = dayContent(cal, date);
  return (
    <div
      className="team-calendar-day"
      data-testid={`calendar-day-${date}`}
      aria-label={label}
      role="gridcell"
      // Days of the next or previous month are set apart by a shaded cell and a secondary day
      // number, never by fading the cell: faded text and tags fall below 4.5:1 (WCAG 1.4.3).
      style={{ background: inMonth ? undefined : token.colorFillQuaternary, borderColor: token.colorBorderSecondary }}
    >
      <div style={{ fontWeight: 600, fontSize: 12, color: inMonth ? undefined : token.colorTextSecondary }}>{Number(date.slice(8))}</div>
      <Flex vertical gap={2}>
        {holidays.map((h) => (
          <Tag key={h.name} color="green" style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>{h.name}</Tag>
        ))}
        {entries.map((e) => (
          <EntryTag key={e.application_id} e={e} />
        ))}
      </Flex>
    </div>
  );
}

/** The team calendar: month or week grid on a wide screen, a list per day on a phone; printable. */
export default function TeamCalendarPage() {
  const { t, i18n } = useTranslation(['calendar', 'common']);
  const session = useSession();
  const narrow = useNarrowScreen();
  const [params, setParams] = useSearchParams();
  const org = session?.org?.kind as 'school' | 'company' | undefined;
  const admin = !!session?.permissions?.includes(`view.manage.${org}`);
  const view: View = params.get('view') === 'week' ? 'week' : 'month';
  const anchor = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : dateInZone(session?.org?.timezone);
  const groupID = Number(params.get('group_id')) || undefined;
  const departmentID = Number(params.get('department_id')) || undefined;
  const manages = useManagesTeam(!!session).data === true;
  const team = manages && params.get('team') === '1' ? 1 : undefined;
  const days = viewDays(view, anchor);
  const from = view === 'month' ? anchor.slice(0, 8) + '01' : days[0];
  const to = view === 'month' ? days.filter((d) => d.slice(0, 7) === anchor.slice(0, 7)).at(-1)! : days[6];
  const cal = useTeamCalendar({ from, to, group_id: groupID, department_id: departmentID, team });
  const data = cal.data as TeamCalendar | undefined;
  const groups = useCalendarGroups(org, admin);
  const departments = useCalendarDepartments(admin && org === 'company');
  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const lang = tag(i18n.language);
  const fmtDay = (d: string, opts: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(lang, { ...opts, timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
  const title =
    view === 'month'
      ? fmtDay(anchor, { month: 'long', year: 'numeric' })
      : `${fmtDay(days[0], { day: 'numeric', month: 'short' })} – ${fmtDay(days[6], { day: 'numeric', month: 'short', year: 'numeric' })}`;
  const weekdays = days.slice(0, 7).map((d) => fmtDay(d, { weekday: 'short' }));
  const shown = view === 'month' ? days.filter((d) => d >= from && d <= to) : days;

  return (
    <div className="team-calendar">
      <PageHeader
        title={t('title')}
        extra={
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} className="no-print" data-testid="calendar-print">
            {t('print')}
          </Button>
        }
      />
      <Card>
        <Flex wrap gap={8} align="center" justify="space-between" className="no-print" style={{ marginBottom: 12 }}>
          <Space wrap>
            <Button icon={<LeftOutlined />} aria-label={t('previous')} onClick={() => set({ date: step(view, anchor, -1) })} data-testid="calendar-prev" />
            <Button onClick={() => set({ date: undefined })}>{t('today')}</Button>
            <Button icon={<RightOutlined />} aria-label={t('next')} onClick={() => set({ date: step(view, anchor, 1) })} data-testid="calendar-next" />
            <Segmented<View>
              value={view}
              onChange={(v) => set({ view: v === 'month' ? undefined : v })}
              options={[{ value: 'month', label: t('month') }, { value: 'week', label: t('week') }]}
              aria-label={t('view')}
            />
          </Space>
          {manages && (
            <Segmented<'all' | 'team'>
              value={team ? 'team' : 'all'}
              onChange={(v) => set({ team: v === 'team' ? '1' : undefined })}
              options={[
                { value: 'all', label: t(admin ? 'scope.all' : 'scope.mine') },
                { value: 'team', label: <span data-testid="calendar-my-team">{t('scope.team')}</span> },
              ]}
              aria-label={t('scope.label')}
              data-testid="calendar-scope"
            />
          )}
          {admin && (
            <Space wrap>
              <Select
                allowClear
                placeholder={t('all_groups')}
                aria-label={t('group')}
                style={{ minWidth: 180 }}
                value={groupID}
                loading={groups.isPending && groups.fetchStatus !== 'idle'}
                options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
                onChange={(v?: number) => set({ group_id: v ? String(v) : undefined })}
                data-testid="calendar-group"
              />
              {org === 'company' && (
                <Select
                  allowClear
                  placeholder={t('all_departments')}
                  aria-label={t('department')}
                  style={{ minWidth: 180 }}
                  value={departmentID}
                  options={(departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
                  onChange={(v?: number) => set({ department_id: v ? String(v) : undefined })}
                  data-testid="calendar-department"
                />
              )}
            </Space>
          )}
        </Flex>
        <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="calendar-title">
          {title}
        </Typography.Title>
        <Space size="small" wrap style={{ marginBottom: 8 }}>
          <Tag color="blue">{t('legend.leave')}</Tag>
          <Tag color="purple">{t('legend.away')}</Tag>
          <Tag color="green">{t('legend.holiday')}</Tag>
          <Tag variant="outlined" style={{ borderStyle: 'dashed' }}>{t('legend.pending')}</Tag>
        </Space>
        {cal.isError ? (
          <QueryError error={cal.error} onRetry={() => void cal.refetch()} />
        ) : cal.isPending || !data ? (
          <Skeleton active />
        ) : narrow ? (
          <DayList cal={data} days={shown} fmt={(d) => fmtDay(d, { weekday: 'long', day: 'numeric', month: 'long' })} />
        ) : (
          <div className="team-calendar-grid" role="grid" aria-label={title} data-testid="calendar-grid">
            <div role="row" className="team-calendar-row">
              {weekdays.map((w) => (
                <div key={w} role="columnheader" className="team-calendar-head">{w}</div>
              ))}
            </div>
            {Array.from({ length: days.length / 7 }, (_, i) => (
              <div role="row" className="team-calendar-row" key={days[i * 7]}>
                {days.slice(i * 7, i * 7 + 7).map((d) => (
                  <DayCell key={d} cal={data} date={d} inMonth={view === 'week' || d.slice(0, 7) === anchor.slice(0, 7)}
                    label={fmtDay(d, { weekday: 'long', day: 'numeric', month: 'long' })} />
                ))}
              </div>
            ))}
          </div>
        )}
      </Card>
    </div>
  );
}

/** On a phone: one card per day that holds something. */
function DayList({ cal, days, fmt }: { cal: TeamCalendar; days: string[]; fmt: (d: string) => string }) {
  const { t } = useTranslation('calendar');
  const busy = days.map((d) => ({ d, ...dayContent(cal, d) })).filter((x) => x.holidays.length + x.entries.length > 0);
  if (busy.length === 0) return <Empty description={t('nobody_off')} />;
  return (
    <Flex vertical gap={8} data-testid="calendar-list">
      {busy.map(({ d, holidays, entries }) => (
        <Card key={d} size="small" title={fmt(d)} data-testid={`calendar-day-${d}`}>
          <Flex vertical gap={4} align="flex-start">
            {holidays.map((h) => (
              <Tag key={h.name} color="green" style={{ whiteSpace: 'normal' }}>{h.name}</Tag>
            ))}
            {entries.map((e) => (
              <EntryTag key={e.application_id} e={e} />
            ))}
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}
