// Monday..Sunday rows: day type (none, working, half, rest) and times; saved with an optional
// effective-from date. Only typed days are sent.
import { useEffect } from 'react';
import { App, Button, DatePicker, Form, Popconfirm, Select, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import type { GroupFace } from '../api/faces';
import { useSaveSchedule, useSchedule } from '../api/groups';
import { DAY_TYPES, WEEKDAYS, scheduleToForm, scheduleToPayload, type ScheduleForm, type Weekday } from '../api/schedule-payload';
import { TimeField, timeValueProps } from '../../../components/time-field';
import { QueryError } from '../../../components/query-error';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';

export function ScheduleEditor({ face, groupId, canEdit }: { face: GroupFace; groupId: number; canEdit: boolean }) {
  const { t } = useTranslation(['groups', 'common', 'errors']);
  const { message } = App.useApp();
  const [form] = Form.useForm<ScheduleForm & { effective_from?: Dayjs }>();
  const schedule = useSchedule(face, groupId);
  const save = useSaveSchedule(face);

  useEffect(() => {
    if (schedule.data) form.setFieldsValue(scheduleToForm(schedule.data.days));
  }, [schedule.data, form]);

  const onFinish = (v: ScheduleForm & { effective_from?: Dayjs }) =>
    save.mutate(
      { id: groupId, days: scheduleToPayload(v), effective_from: v.effective_from?.format('YYYY-MM-DD') },
      {
        onSuccess: () => message.success(t('common:messages.saved')),
        onError: (e) => {
          if (!applyServerErrors(form, e, t)) message.error(translateApiError(t, e));
        },
      },
    );

  const setAll = (type: number | null) => {
    const g = schedule.data?.group;
    for (const d of WEEKDAYS) form.setFieldValue([d, 'day_type'], type);
    if (g && type) for (const d of WEEKDAYS) form.setFieldsValue({ [d]: { day_type: type, time_in: g.time_in, time_out: g.time_out } } as Partial<ScheduleForm>);
  };

  if (schedule.isError) return <QueryError error={schedule.error} onRetry={() => schedule.refetch()} />;

  return (
    <Form form={form} onFinish={onFinish} disabled={!canEdit} data-testid="schedule-editor">
      <Table<{ day: Weekday }>
        rowKey="day"
        size="small"
        pagination={false}
        loading={schedule.isLoading}
        dataSource={WEEKDAYS.map((day) => ({ day }))}
        columns={[
          { title: t('schedule.day'), dataIndex: 'day', width: 120, render: (d: Weekday) => t(`weekdays.${d}`) },
          {
            title: t('schedule.day_type'),
            key: 'type',
            render: (_, { day }) => (
              <Form.Item name={[day, 'day_type']} noStyle>
                <Select
                  style={{ width: 150 }}
                  data-testid={`schedule-type-${day}`}
                  options={[{ value: null, label: t('schedule.types.none') }, ...DAY_TYPES.map((d) => ({ value: d.value, label: t(`schedule.types.${d.key}`) }))]}
                />
              </Form.Item>
            ),
          },
          {
            title: t('fields.time_in'),
            key: 'in',
            render: (_, { day }) => (
              <Form.Item name={[day, 'time_in']} noStyle {...timeValueProps}>
                <TimeField style={{ width: 110 }} data-testid={`schedule-in-${day}`} />
              </Form.Item>
            ),
          },
          {
            title: t('fields.time_out'),
            key: 'out',
            render: (_, { day }) => (
              <Form.Item name={[day, 'time_out']} noStyle {...timeValueProps}>
                <TimeField style={{ width: 110 }} data-testid={`schedule-out-${day}`} />
              </Form.Item>
            ),
          },
        ]}
      />
      {canEdit && (
        <Space wrap style={{ marginTop: 16 }}>
          <Button onClick={() => setAll(1)} data-testid="schedule-all-working">
            {t('schedule.all_working')}
          </Button>
          <Popconfirm title={t('schedule.clear_confirm')} onConfirm={() => setAll(null)} okText={t('common:actions.ok')} cancelText={t('common:actions.cancel')}>
            <Button>{t('schedule.clear')}</Button>
          </Popconfirm>
          <Form.Item name="effective_from" noStyle>
            <DatePicker placeholder={t('fields.effective_from')} data-testid="schedule-effective-from" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="schedule-save">
            {t('schedule.save')}
          </Button>
        </Space>
      )}
    </Form>
  );
}
