// The policy section of the leave type form (both faces): how the days are granted (manual
// entitlements, yearly, monthly on the 1st or on the joining anniversary), service tiers,
// pro-rata, the maximum balance, the expiry of carried days, blackout ranges and notice.
import { Button, Checkbox, Divider, Form, Input, InputNumber, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Entitlement } from '../api/faces';
import { formatAmount } from '../api/amounts';

export const EMPTY_POLICY = { grant: 'manual' as const, days: 0, tiers: [], pro_rata: false, max_balance: 0, carry_expiry: '', blackouts: [], min_notice_days: 0 };

export function PolicySection() {
  const { t } = useTranslation(['leave', 'errors']);
  const grant = Form.useWatch(['policy', 'grant']) as string | undefined;
  const accrues = !!grant && grant !== 'manual';
  return (
    <>
      <Divider titlePlacement="start" plain>
        {t('policy.title')}
      </Divider>
      <Space wrap size="large" align="start">
        <Form.Item name={['policy', 'grant']} label={t('policy.grant')}>
          <Select
            style={{ minWidth: 200 }}
            data-testid="policy-grant"
            options={['manual', 'yearly', 'monthly', 'anniversary'].map((g) => ({ value: g, label: t(`policy.grants.${g}`) }))}
          />
        </Form.Item>
        {accrues && (
          <Form.Item name={['policy', 'days']} label={t('policy.days')}>
            <InputNumber min={0} max={366} step={0.5} precision={2} data-testid="policy-days" />
          </Form.Item>
        )}
      </Space>
      {accrues && (
        <>
          <Form.Item name={['policy', 'pro_rata']} valuePropName="checked" style={{ marginBottom: 8 }}>
            <Checkbox data-testid="policy-pro-rata">{t('policy.pro_rata')}</Checkbox>
          </Form.Item>
          <Form.List name={['policy', 'tiers']}>
            {(fields, { add, remove }) => (
              <fieldset style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
                <legend style={{ fontSize: 14, marginBottom: 4 }}>{t('policy.tiers')}</legend>
                {fields.map((f, i) => (
                  <Space key={f.key} wrap align="baseline">
                    <Form.Item name={[f.name, 'from_years']} label={t('policy.tier_from')}>
                      <InputNumber min={0} max={80} precision={0} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'days']} label={t('policy.days')}>
                      <InputNumber min={0} max={366} step={0.5} precision={2} />
                    </Form.Item>
                    <Button icon={<DeleteOutlined />} aria-label={t('policy.remove_tier', { n: i + 1 })} onClick={() => remove(f.name)} style={{ minWidth: 40, minHeight: 40 }} />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ from_years: 0, days: 0 })} style={{ minHeight: 40 }}>
                  {t('policy.add_tier')}
                </Button>
              </fieldset>
            )}
          </Form.List>
        </>
      )}
      <Space wrap size="large" align="start">
        <Form.Item name={['policy', 'max_balance']} label={t('policy.max_balance')} tooltip={t('policy.zero_none')}>
          <InputNumber min={0} step={0.5} precision={2} />
        </Form.Item>
        <Form.Item
          name={['policy', 'carry_expiry']}
          label={t('policy.carry_expiry')}
          tooltip={t('policy.carry_expiry_hint')}
          rules={[{ pattern: /^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/, message: t('policy.carry_expiry_hint') }]}
        >
          <Input placeholder="03-31" maxLength={5} style={{ width: 110 }} data-testid="policy-carry-expiry" />
        </Form.Item>
        <Form.Item name={['policy', 'min_notice_days']} label={t('policy.min_notice')}>
          <InputNumber min={0} max={365} precision={0} data-testid="policy-notice" />
        </Form.Item>
      </Space>
      <Form.List name={['policy', 'blackouts']}>
        {(fields, { add, remove }) => (
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <legend style={{ fontSize: 14, marginBottom: 4 }}>{t('policy.blackouts')}</legend>
            {fields.map((f, i) => (
              <Space key={f.key} wrap align="baseline">
                <Form.Item name={[f.name, 'from']} label={t('policy.blackout_from')} rules={[{ required: true, message: t('errors:validation.required') }]}>
                  <Input type="date" />
                </Form.Item>
                <Form.Item name={[f.name, 'to']} label={t('policy.blackout_to')} rules={[{ required: true, message: t('errors:validation.required') }]}>
                  <Input type="date" />
                </Form.Item>
                <Form.Item name={[f.name, 'note']} label={t('policy.blackout_note')}>
                  <Input maxLength={200} />
                </Form.Item>
                <Button icon={<DeleteOutlined />} aria-label={t('policy.remove_blackout', { n: i + 1 })} onClick={() => remove(f.name)} style={{ minWidth: 40, minHeight: 40 }} />
              </Space>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ from: '', to: '', note: '' })} style={{ minHeight: 40 }}>
              {t('policy.add_blackout')}
            </Button>
          </fieldset>
        )}
      </Form.List>
    </>
  );
}

/** How a policy reached a balance, line by line, so a person can check it by hand. */
export function BreakdownList({ entitlement: e }: { entitlement: Entitlement }) {
  const { t } = useTranslation('leave');
  const b = e.breakdown;
  if (!b) return null;
  const rows: [string, string][] = [
    [t('breakdown.rate'), formatAmount(b.rate ?? 0)],
    [t('breakdown.pro_rata_factor'), String(b.pro_rata_factor ?? 1)],
    [t('breakdown.granted'), formatAmount(b.granted ?? 0)],
    [t('breakdown.accrued'), formatAmount(b.accrued_to_date ?? 0)],
  ];
  const opt = (label: string, v?: number, sign = '') => {
    if (v) rows.push([label, sign + formatAmount(v)]);
  };
  opt(t('breakdown.capped'), b.capped, '−');
  opt(t('breakdown.adjustment'), b.adjustment, b.adjustment && b.adjustment > 0 ? '+' : '');
  opt(t('breakdown.carried'), b.carried_over, '+');
  opt(t('breakdown.expired'), b.expired, '−');
  opt(t('breakdown.taken'), b.taken, '−');
  rows.push([t('breakdown.balance'), formatAmount(b.balance ?? 0)]);
  opt(t('breakdown.pending'), b.pending);
  return (
    <dl data-testid={`breakdown-${e.leave_type_id}`} style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 8, fontSize: 12 }}>
      {rows.map(([k, v]) => (
        <div key={k} style={{ display: 'contents' }}>
          <dt>{k}</dt>
          <dd style={{ margin: 0, textAlign: 'end' }}>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
