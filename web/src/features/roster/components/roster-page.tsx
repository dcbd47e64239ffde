// The roster (issue 13): people by the days of a week. A cell sets a person's shift or a day
// off for that date, overriding the rotation pattern and the weekly schedule; "As scheduled"
// removes the override. Bulk fill and clear a range of people and days; copy a week onto the
// next. The grid scrolls inside its own box, never the page.
import { useState } from 'react';
import { App, Button, Card, Form, Input, Pagination, Select, Space, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { ApiError } from '../../../lib/api-client';
import { dateInZone } from '../../../lib/org-date';
import { useSession } from '../../../lib/use-session';
import { addDays, mondayOf, useClearRoster, useCopyWeek, useFillRoster, useRosterWeek, useShifts, type RosterDay, type RosterRow } from '../api/roster';

const OFF = 'off';
const NONE = 'none';

function useErrorText() {
  const { t } = useTranslation(['roster', 'errors']);
  return (e: unknown) => {
    if (e instanceof ApiError) {
      const field = Object.values(e.details ?? {})[0]?.[0];
      const code = field?.code ?? e.code;
      return t([`roster:errors.${code}`, `errors:${code}`], { defaultValue: e.message });
    }
    return t('errors:generic');
  };
}

export default function RosterPage() {
  const { t, i18n } = useTranslation(['roster', 'common', 'errors']);
  const { message } = App.useApp();
  const errorText = useErrorText();
  const session = useSession();
  const orgKind = session?.org?.kind === 'school' ? 'school' : 'company';
  const canEdit = !!session?.permissions?.includes(`add.manage.${orgKind}.employee`);
  const [week, setWeek] = useState(() => mondayOf(dateInZone(session?.org?.timezone ?? undefined)));
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const roster = useRosterWeek(week, search, page);
  const shifts = useShifts();
  const fill = useFillRoster();
  const clear = useClearRoster();
  const copy = useCopyWeek();
  const [bulk] = Form.useForm<{ person_ids: number[]; from: string; to: string; value: string }>();

  const days = Array.from({ length: 7 }, (_, i) => addDays(week, i));
  const dayLabel = (ds: string) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${ds}T00:00:00Z`));
  const shiftName = (id?: number | null) => shifts.data?.find((s) => s.id === id)?.name ?? '';
  const options = [
    { value: NONE, label: t('grid.as_scheduled') },
    { value: OFF, label: t('grid.day_off') },
    ...(shifts.data ?? []).map((s) => ({ value: String(s.id), label: `${s.name} (${s.time_in}–${s.time_out})` })),
  ];
  const rows: RosterRow[] = roster.data?.data ?? [];
  const personName = (r: RosterRow) => `${r.person.first_name} ${r.person.last_name}`.trim();

  const setCell = (personId: number, date: string, value: string) => {
    const done = () => message.success(t('grid.saved'));
    const fail = (e: unknown) => message.error(errorText(e));
    if (value === NONE) clear.mutate({ person_ids: [personId], from: date, to: date }, { onSuccess: done, onError: fail });
    else fill.mutate({ person_ids: [personId], from: date, to: date, ...(value === OFF ? { off: true } : { shift_id: Number(value) }) }, { onSuccess: done, onError: fail });
  };

  const describe = (d: RosterDay) => {
    const what = d.working ? `${d.time_in}–${d.time_out}` : d.source === 'not_tracked' ? t('source.not_tracked') : d.source === 'none' ? t('source.none') : t('grid.day_off');
    return d.source === 'roster' || d.source === 'not_tracked' || d.source === 'none' ? what : `${what} · ${t(`source.${d.source}`)}`;
  };

  const onBulk = (fillIt: boolean) => {
    bulk.validateFields().then((v) => {
      const base = { person_ids: v.person_ids, from: v.from, to: v.to };
      if (fillIt) {
        if (!v.value) return;
        fill.mutate(
          { ...base, ...(v.value === OFF ? { off: true } : { shift_id: Number(v.value) }) },
          { onSuccess: (r) => message.success(t('bulk.filled', { count: r.data.written })), onError: (e) => message.error(errorText(e)) },
        );
      } else {
        clear.mutate(base, { onSuccess: (r) => message.success(t('bulk.cleared', { count: r.data.removed })), onError: (e) => message.error(errorText(e)) });
      }
    }, () => undefined);
  };

  return (
    <>
      <PageHeader title={t('menu.roster')} />
      <Card>
        <Typography.Paragraph type="secondary">{t('grid.intro')}</Typography.Paragraph>
        <Space wrap style={{ marginBottom: 12 }}>
          <Button size="large" icon={<LeftOutlined />} onClick={() => setWeek(addDays(week, -7))} data-testid="roster-prev">
            {t('grid.previous_week')}
          </Button>
          <Typography.Text strong data-testid="roster-week">
            {t('grid.week_of', { from: dayLabel(days[0]), to: dayLabel(days[6]) })}
          </Typography.Text>
          <Button size="large" onClick={() => setWeek(addDays(week, 7))} data-testid="roster-next">
            {t('grid.next_week')} <RightOutlined />
          </Button>
          <Input.Search
            size="large"
            allowClear
            aria-label={t('grid.search')}
            placeholder={t('grid.search')}
            onSearch={(v) => {
              setSearch(v.trim());
              setPage(1);
            }}
            style={{ maxWidth: 260 }}
          />
          {canEdit && (
            <Button
              size="large"
              loading={copy.isPending}
              data-testid="roster-copy"
              onClick={() =>
                copy.mutate(
                  { from: week, to: addDays(week, 7) },
                  { onSuccess: (r) => message.success(t('grid.copied', { count: r.data.written })), onError: (e) => message.error(errorText(e)) },
                )
              }
            >
              {t('grid.copy_week')}
            </Button>
          )}
        </Space>
        {roster.error ? (
          <QueryError error={roster.error} onRetry={() => void roster.refetch()} />
        ) : (
          <div className="wide-box" role="region" aria-label={t('grid.label')} tabIndex={0} style={{ overflowX: 'auto', maxWidth: '100%' }} data-testid="roster-grid">
            <table style={{ borderCollapse: 'collapse', minWidth: 1100 }}>
              <caption style={{ textAlign: 'start', paddingBottom: 8 }}>{t('grid.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col" style={{ textAlign: 'start', padding: 8, position: 'sticky', left: 0 }}>
                    {t('grid.person')}
                  </th>
                  {days.map((d) => (
                    <th scope="col" key={d} style={{ textAlign: 'start', padding: 8, whiteSpace: 'nowrap' }}>
                      {dayLabel(d)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 && !roster.isLoading && (
                  <tr>
                    <td colSpan={8} style={{ padding: 8 }}>
                      {t('grid.empty')}
                    </td>
                  </tr>
                )}
                {rows.map((r) => (
                  <tr key={r.person.id} data-testid="roster-row" data-person={r.person.id} style={{ borderTop: '1px solid rgba(128,128,128,0.3)' }}>
                    <th scope="row" style={{ textAlign: 'start', padding: 8, whiteSpace: 'nowrap', fontWeight: 500 }}>
                      {personName(r)}
                      <br />
                      <Typography.Text type="secondary">{r.person.code}</Typography.Text>
                    </th>
                    {r.days.map((d) => {
                      const value = d.source === 'roster' ? (d.shift_id ? String(d.shift_id) : OFF) : NONE;
                      return (
                        <td key={d.date} style={{ padding: 6, verticalAlign: 'top' }} data-testid="roster-cell" data-date={d.date} data-source={d.source}>
                          {canEdit ? (
                            <Select
                              size="large"
                              value={value}
                              options={options}
                              onChange={(v) => setCell(r.person.id, d.date, v)}
                              style={{ width: 140 }}
                              popupMatchSelectWidth={false}
                              aria-label={t('grid.cell', { name: personName(r), date: dayLabel(d.date) })}
                              data-testid="roster-select"
                              disabled={d.source === 'not_tracked'}
                            />
                          ) : (
                            <span>{d.source === 'roster' ? (d.shift_id ? shiftName(d.shift_id) : t('grid.day_off')) : ''}</span>
                          )}
                          <div>
                            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                              {describe(d)}
                            </Typography.Text>
                          </div>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {(roster.data?.meta.pagination.total ?? 0) > 20 && (
          <Pagination
            style={{ marginTop: 12 }}
            current={page}
            pageSize={20}
            total={roster.data?.meta.pagination.total ?? 0}
            onChange={setPage}
            showSizeChanger={false}
          />
        )}
      </Card>
      {canEdit && (
        <Card title={t('bulk.title')} style={{ marginTop: 16 }}>
          <Form form={bulk} layout="vertical" initialValues={{ from: week, to: addDays(week, 6) }}>
            <Form.Item name="person_ids" label={t('bulk.people')} rules={[{ required: true, message: t('bulk.people_required') }]}>
              <Select
                size="large"
                mode="multiple"
                options={rows.map((r) => ({ value: r.person.id, label: personName(r) }))}
                data-testid="bulk-people"
                optionFilterProp="label"
              />
            </Form.Item>
            <Space wrap>
              <Form.Item name="from" label={t('bulk.from')} rules={[{ required: true, message: t('bulk.date_required') }]}>
                <Input size="large" type="date" data-testid="bulk-from" />
              </Form.Item>
              <Form.Item name="to" label={t('bulk.to')} rules={[{ required: true, message: t('bulk.date_required') }]}>
                <Input size="large" type="date" data-testid="bulk-to" />
              </Form.Item>
              <Form.Item name="value" label={t('bulk.shift')}>
                <Select size="large" style={{ width: 220 }} options={options.filter((o) => o.value !== NONE)} data-testid="bulk-shift" />
              </Form.Item>
            </Space>
            <Space wrap>
              <Button size="large" type="primary" onClick={() => onBulk(true)} loading={fill.isPending} data-testid="bulk-fill">
                {t('bulk.fill')}
              </Button>
              <Button size="large" onClick={() => onBulk(false)} loading={clear.isPending} data-testid="bulk-clear">
                {t('bulk.clear')}
              </Button>
            </Space>
          </Form>
        </Card>
      )}
    </>
  );
}
