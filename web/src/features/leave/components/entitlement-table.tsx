import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Entitlement } from '../api/faces';
import { formatAmount } from '../api/amounts';
import { ResponsiveTable, type ListColumn } from '../../../components/responsive-table';
import { BalanceCell } from './leave-bits';
import { BreakdownList } from './policy-section';

/** Entitlements with entitled, carried, taken, pending, balance (available) and period. */
export function EntitlementTable({
  rows,
  extraColumns = [],
  ...rest
}: { rows: Entitlement[]; extraColumns?: ListColumn<Entitlement>[] } & Omit<TableProps<Entitlement>, 'columns' | 'dataSource'>) {
  const { t } = useTranslation('leave');
  const num = (v: number) => formatAmount(v);
  const columns: ListColumn<Entitlement>[] = [
    { title: t('fields.type'), dataIndex: 'leave_type', primary: true, render: (v: string, e) => <span data-testid={`entitlement-type-${e.leave_type_id}`}>{v}</span> },
    { title: t('fields.unit'), dataIndex: 'unit', render: (v: string) => t(`units.${v}`) },
    { title: t('fields.period'), key: 'period', render: (_, e) => `${e.period_start} – ${e.valid_until}` },
    { title: t('fields.entitled'), dataIndex: 'entitled', align: 'right', render: num },
    { title: t('fields.carried_over'), dataIndex: 'carried_over', align: 'right', render: num },
    { title: t('fields.taken'), dataIndex: 'taken', align: 'right', render: num },
    { title: t('fields.pending'), dataIndex: 'pending', align: 'right', render: num },
    { title: t('fields.balance'), key: 'balance', align: 'right', render: (_, e) => <BalanceCell entitlement={e} /> },
    ...(rows.some((e) => e.breakdown) ? [{ title: t('breakdown.title'), key: 'breakdown', render: (_: unknown, e: Entitlement) => <BreakdownList entitlement={e} /> }] : []),
    ...extraColumns,
  ];
  return <ResponsiveTable<Entitlement> rowKey={(e) => (e.id ? String(e.id) : `y${e.leave_type_id}-${e.employee_id}-${e.period_start}`)} columns={columns} dataSource={rows} data-testid="entitlement-table" {...rest} />;
}
