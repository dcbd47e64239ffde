// Kiosk PINs (admins): set a PIN for a person without a phone, or clear one. The list says who
// has a PIN; the PIN itself is never shown.
import { useState } from 'react';
import { App, Button, Card, Form, Input, Popconfirm, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../lib/form-errors';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePersonOptions, usePinHolders, useSetPersonPin, type PinHolder } from '../api/clockin';
import { clockError, withClockErrors } from '../api/errors';

function PersonSelect({ orgKind, id, value, onChange }: { orgKind: 'school' | 'company'; id?: string; value?: number; onChange?: (v?: number) => void }) {
  const { t } = useTranslation('clockin');
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 200);
  const people = usePersonOptions(orgKind, term.length >= 2 ? term : '');
  return (
    <Select<number>
      id={id}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      options={(people.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.code})` }))}
      placeholder={t('pins.search')}
      notFoundContent={term.length < 2 ? t('pins.type_two') : t('pins.nobody')}
      loading={people.isFetching}
      data-testid="pin-person"
      style={{ width: '100%' }}
    />
  );
}

export function KioskPinsCard({ orgKind, canEdit }: { orgKind: 'school' | 'company'; canEdit: boolean }) {
  const { t: rawT } = useTranslation(['clockin', 'common', 'errors']);
  const t = withClockErrors(rawT);
  const { message } = App.useApp();
  const holders = usePinHolders();
  const setPin = useSetPersonPin();
  const [form] = Form.useForm<{ person_id: number; pin: string }>();
  const onFinish = (v: { person_id: number; pin: string }) =>
    setPin.mutate(
      { personId: v.person_id, pin: v.pin },
      {
        onSuccess: () => {
          form.resetFields();
          message.success(rawT('pins.saved'));
        },
        onError: (e) => {
          if (!applyServerErrors(form, e, t)) message.error(clockError(rawT, e));
        },
      },
    );
  const columns: TableColumnsType<PinHolder> = [
    { title: rawT('pins.person'), dataIndex: 'name', render: (v: string) => <span data-testid="pin-row-name">{v}</span> },
    { title: rawT('pins.code'), dataIndex: 'code' },
    { title: rawT('pins.updated'), dataIndex: 'updated_at', render: (v: string) => new Date(v).toLocaleString() },
  ];
  if (canEdit)
    columns.push({
      key: 'actions',
      title: rawT('common:actions.actions'),
      render: (_, h) => (
        <Popconfirm
          title={rawT('pins.clear_confirm', { name: h.name })}
          okText={rawT('pins.clear')}
          cancelText={rawT('common:actions.cancel')}
          onConfirm={() =>
            setPin.mutateAsync({ personId: h.person_id, pin: null }).then(
              () => message.success(rawT('pins.cleared')),
              (e) => message.error(clockError(rawT, e)),
            )
          }
        >
          <Button size="small" danger style={{ minHeight: 40 }} data-testid="pin-row-clear">
            {rawT('pins.clear')}
          </Button>
        </Popconfirm>
      ),
    });
  return (
    <Card title={rawT('pins.title')} data-testid="kiosk-pins-card" style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{rawT('pins.intro')}</Typography.Paragraph>
      {canEdit && (
        <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} style={{ maxWidth: 480 }}>
          <Form.Item name="person_id" label={rawT('pins.person')} rules={[{ required: true, message: rawT('pins.choose') }]}>
            <PersonSelect orgKind={orgKind} />
          </Form.Item>
          <Form.Item name="pin" label={rawT('my_pin.pin')} extra={rawT('my_pin.rule')} rules={[{ required: true, pattern: /^\d{4,8}$/, message: rawT('errors.validation.pin_digits') }]}>
            <Input.Password inputMode="numeric" autoComplete="new-password" maxLength={8} style={{ maxWidth: 240 }} data-testid="pin-value" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={setPin.isPending} style={{ minHeight: 40 }} data-testid="pin-save">
              {rawT('my_pin.set')}
            </Button>
          </Space>
        </Form>
      )}
      <Table
        rowKey="person_id"
        columns={columns}
        dataSource={holders.data ?? []}
        loading={holders.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        style={{ marginTop: 16 }}
        locale={{ emptyText: rawT('pins.empty') }}
        data-testid="kiosk-pins-table"
      />
    </Card>
  );
}
