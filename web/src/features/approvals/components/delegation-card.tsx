// "While I am away": an approver names a colleague who decides for them over a date range;
// both see it and either may remove it (issue 12's delegation).
import { useState } from 'react';
import { App, Button, Card, DatePicker, Form, List, Popconfirm, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { QueryError } from '../../../components/query-error';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDelegate, useDelegations, useSubstitutes, useUndelegate } from '../api/approvals';

interface FormValues {
  substitute_id?: number;
  range?: [Dayjs, Dayjs];
}

export function DelegationCard() {
  const { t } = useTranslation(['approvals', 'common', 'errors']);
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const list = useDelegations();
  const add = useDelegate();
  const remove = useUndelegate();
  const [search, setSearch] = useState('');
  const [pickerOpen, setPickerOpen] = useState(false);
  const term = useDebouncedValue(search, 200).trim();
  const substitutes = useSubstitutes(term, pickerOpen || term !== '');

  const onFinish = (v: FormValues) => {
    if (!v.substitute_id || !v.range) return;
    add.mutate(
      { substitute_id: v.substitute_id, from_date: v.range[0].format('YYYY-MM-DD'), to_date: v.range[1].format('YYYY-MM-DD') },
      {
        onSuccess: () => {
          message.success(t('delegation.added'));
          form.resetFields();
        },
        onError: (e) => {
          // The API names from_date / to_date; the form has one range field.
          if (!applyServerErrors(form, e, t, { from_date: 'range', to_date: 'range' })) message.error(translateApiError(t, e));
        },
      },
    );
  };

  return (
    <Card title={t('delegation.title')} style={{ marginTop: 16 }} data-testid="delegation-card">
      <Typography.Paragraph type="secondary">{t('delegation.help')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Space wrap align="start" style={{ width: '100%' }}>
          <Form.Item name="substitute_id" label={t('delegation.substitute')} rules={[{ required: true, message: t('errors:validation.required') }]}>
            <Select<number>
              showSearch={{ filterOption: false, onSearch: setSearch }}
              onOpenChange={setPickerOpen}
              allowClear
              placeholder={t('delegation.search')}
              loading={substitutes.isFetching}
              notFoundContent={t('delegation.none')}
              options={(substitutes.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }))}
              style={{ minWidth: 240, maxWidth: '100%' }}
              data-testid="delegation-substitute"
            />
          </Form.Item>
          <Form.Item name="range" label={t('delegation.dates')} rules={[{ required: true, message: t('errors:validation.required') }]}>
            <DatePicker.RangePicker
              data-testid="delegation-range"
              allowEmpty={[false, false]}
              style={{ maxWidth: '100%' }}
              placeholder={[t('delegation.from'), t('delegation.to')]}
            />
          </Form.Item>
        </Space>
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.isPending} data-testid="delegation-add">
          {t('delegation.add')}
        </Button>
      </Form>
      {list.isError ? (
        <QueryError error={list.error} onRetry={() => list.refetch()} />
      ) : list.isSuccess && list.data.length === 0 ? (
        // In the body text's colour: antd's empty-list grey fails the contrast of WCAG AA.
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }} data-testid="delegation-empty">
          {t('delegation.empty')}
        </Typography.Paragraph>
      ) : (
        <List
          style={{ marginTop: 16 }}
          loading={list.isFetching}
          dataSource={list.data ?? []}
          data-testid="delegation-list"
          renderItem={(d) => {
            const text = t('delegation.item', { substitute: d.substitute_name, person: d.person_name, from: d.from_date, to: d.to_date });
            return (
              <List.Item
                data-testid="delegation-item"
                actions={[
                  <Popconfirm
                    key="remove"
                    title={t('delegation.remove_confirm')}
                    okText={t('common:actions.delete')}
                    cancelText={t('common:actions.cancel')}
                    onConfirm={() =>
                      remove.mutateAsync(d.id).then(
                        () => message.success(t('delegation.removed')),
                        (e) => message.error(translateApiError(t, e)),
                      )
                    }
                  >
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('delegation.remove', { text })} data-testid={`delegation-remove-${d.id}`} />
                  </Popconfirm>,
                ]}
              >
                {text}
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}
