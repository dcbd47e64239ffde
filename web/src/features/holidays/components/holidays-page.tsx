// Holidays: filters (name, from, to) in the URL, a page of 10, create/edit a day or a range.
import { useEffect, useState } from 'react';
import { App, Button, Card, DatePicker, Form, Input, Modal, Popconfirm, Radio, Space, Table, type TableColumnsType } from 'antd';
import { CloudDownloadOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { HOLIDAYS_PAGE_SIZE, holidayApi, useDeleteHoliday, useHolidays, useSaveHoliday, type Holiday, type OrgKind } from '../api/holidays';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import { useFormRules } from '../../../lib/form-rules';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSession } from '../../../lib/use-session';
import { SearchBox } from '../../../components/search-box';
import { ImportHolidaysModal } from './import-holidays-modal';

interface Values {
  name: string;
  span: 'day' | 'range';
  date?: Dayjs;
  range?: [Dayjs, Dayjs];
}

function HolidayModal({ kind, open, holiday, onClose }: { kind: OrgKind; open: boolean; holiday: Holiday | null; onClose: () => void }) {
  const { t } = useTranslation(['holidays', 'common', 'errors']);
  const rules = useFormRules();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveHoliday(kind);
  const span = Form.useWatch('span', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (holiday) {
      const single = holiday.start === holiday.end;
      form.setFieldsValue({
        name: holiday.name,
        span: single ? 'day' : 'range',
        date: dayjs(holiday.start),
        range: [dayjs(holiday.start), dayjs(holiday.end)],
      });
    } else form.setFieldsValue({ span: 'day' });
  }, [open, holiday, form]);

  const onFinish = (v: Values) => {
    const start = (v.span === 'day' ? v.date : v.range?.[0])!.format('YYYY-MM-DD');
    const end = (v.span === 'day' ? v.date : v.range?.[1])!.format('YYYY-MM-DD');
    save.mutate(
      { holiday_id: holiday?.holiday_id, name: v.name.trim(), start, end },
      {
        onSuccess: () => {
          message.success(t('common:messages.saved'));
          onClose();
        },
        onError: (e) => {
          if (!applyServerErrors(form, e, t, { start: v.span === 'day' ? 'date' : 'range', end: v.span === 'day' ? 'date' : 'range' }))
            message.error(translateApiError(t, e));
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={holiday ? t('form.edit') : t('form.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'holiday-submit' } as Record<string, string>}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item name="name" label={t('fields.name')} rules={[rules.nameRequired(), rules.max(100)]}>
          <Input data-testid="holiday-name" />
        </Form.Item>
        <Form.Item name="span">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'day', label: t('form.single_day') },
              { value: 'range', label: t('form.range') },
            ]}
            data-testid="holiday-span"
          />
        </Form.Item>
        {span === 'range' ? (
          <Form.Item name="range" label={t('fields.dates')} rules={[rules.requiredSelect()]}>
            <DatePicker.RangePicker style={{ width: '100%' }} data-testid="holiday-range" />
          </Form.Item>
        ) : (
          <Form.Item name="date" label={t('fields.date')} rules={[rules.requiredSelect()]}>
            <DatePicker style={{ width: '100%' }} data-testid="holiday-date" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export default function HolidaysPage({ kind }: { kind: OrgKind }) {
  const { t } = useTranslation(['holidays', 'common']);
  const { message } = App.useApp();
  const session = useSession();
  const canEdit = !!session?.permissions?.includes(holidayApi(kind).editPermission);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const name = params.get('name') ?? '';
  const from = DATE_RE.test(params.get('from') ?? '') ? params.get('from')! : undefined;
  const to = DATE_RE.test(params.get('to') ?? '') ? params.get('to')! : undefined;
  const [nameInput, setNameInput] = useState(name);
  const debounced = useDebouncedValue(nameInput.trim(), 200);
  const query = useHolidays(kind, { page, size: HOLIDAYS_PAGE_SIZE, name: name || undefined, from, to });
  const remove = useDeleteHoliday(kind);
  const [modal, setModal] = useState<{ open: boolean; holiday: Holiday | null }>({ open: false, holiday: null });
  const [importing, setImporting] = useState(false);

  const set = (next: Record<string, string | undefined>) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(next)) {
        if (v) p.set(k, v);
        else p.delete(k);
      }
      if (!('page' in next)) p.delete('page');
      return p;
    });

  useEffect(() => {
    if (debounced !== name) set({ name: debounced || undefined });
    // Only the debounced input drives the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const columns: TableColumnsType<Holiday> = [
    { title: t('fields.name'), dataIndex: 'name', render: (v: string) => <span data-testid="holiday-row-name">{v}</span> },
    { title: t('fields.start'), dataIndex: 'start', width: 130 },
    { title: t('fields.end'), dataIndex: 'end', width: 130 },
    { title: t('fields.days'), dataIndex: 'day', width: 90 },
  ];
  if (canEdit)
    columns.push({
      key: 'actions',
      title: t('common:actions.actions'),
      width: 110,
      render: (_, h) => (
        <Space>
          <Button size="small" icon={<EditOutlined />} aria-label={t('common:actions.edit')} onClick={() => setModal({ open: true, holiday: h })} />
          <Popconfirm
            title={t('list.delete_confirm', { name: h.name })}
            okText={t('common:actions.delete')}
            cancelText={t('common:actions.cancel')}
            onConfirm={() =>
              remove.mutateAsync(h.holiday_id).then(
                () => message.success(t('common:messages.deleted')),
                (e) => message.error(translateApiError(t, e)),
              )
            }
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common:actions.delete')} />
          </Popconfirm>
        </Space>
      ),
    });

  return (
    <>
      <PageHeader
        title={t('title')}
        extra={
          canEdit && (
            <Space wrap>
              <Button icon={<CloudDownloadOutlined />} onClick={() => setImporting(true)} data-testid="holiday-import">
                {t('import.open')}
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true, holiday: null })} data-testid="holiday-create">
                {t('form.create')}
              </Button>
            </Space>
          )
        }
      />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <SearchBox
            allowClear
            placeholder={t('list.search')}
            value={nameInput}
            onChange={(e) => setNameInput(e.target.value)}
            data-testid="holidays-search"
          />
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
            placeholder={[t('list.from'), t('list.to')]}
            onChange={(r) => set({ from: r?.[0]?.format('YYYY-MM-DD'), to: r?.[1]?.format('YYYY-MM-DD') })}
            data-testid="holidays-range"
          />
        </Space>
        {query.isError ? (
          <QueryError error={query.error} onRetry={() => query.refetch()} />
        ) : (
          <Table<Holiday>
            rowKey="holiday_id"
            columns={columns}
            dataSource={query.data?.data ?? []}
            loading={query.isFetching}
            data-testid="holidays-table"
            pagination={{
              current: page,
              pageSize: HOLIDAYS_PAGE_SIZE,
              total: query.data?.meta.pagination.total ?? 0,
              showSizeChanger: false,
              onChange: (p) => set({ page: p > 1 ? String(p) : undefined }),
            }}
          />
        )}
      </Card>
      <HolidayModal kind={kind} open={modal.open} holiday={modal.holiday} onClose={() => setModal({ open: false, holiday: null })} />
      {canEdit && <ImportHolidaysModal kind={kind} open={importing} onClose={() => setImporting(false)} />}
    </>
  );
}
