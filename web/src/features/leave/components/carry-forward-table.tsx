// The year-end preview: per person what remains, what moves into next year, next year's
// entitlement and until when the carried days may be used.
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CarryRow } from '../api/faces';
import { formatAmount } from '../api/amounts';

export interface PersonLabel {
  code: string;
  name: string;
}

export function CarryForwardTable({ rows, people }: { rows: CarryRow[]; people: Map<number, PersonLabel> }) {
  const { t } = useTranslation('leave');
  const columns: TableColumnsType<CarryRow> = [
    {
      title: t('fields.person'),
      dataIndex: 'employee_id',
      render: (id: number) => {
        const p = people.get(id);
        return p ? `${p.name} (${p.code})` : `#${id}`;
      },
    },
    { title: t('carry.remaining'), dataIndex: 'remaining', align: 'right', render: (v: number) => formatAmount(v) },
    { title: t('carry.carried'), dataIndex: 'carried', align: 'right', render: (v: number) => <strong>{formatAmount(v)}</strong> },
    { title: t('carry.entitled_next'), dataIndex: 'entitled', align: 'right', render: (v: number) => formatAmount(v) },
    { title: t('fields.valid_until'), dataIndex: 'valid_until', render: (v: string) => v || '—' },
  ];
  const total = rows.reduce((s, r) => s + r.carried, 0);
  return (
    <Table<CarryRow>
      rowKey="employee_id"
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={rows.length > 50 ? { pageSize: 50 } : false}
      data-testid="carry-preview"
      locale={{ emptyText: t('carry.nothing') }}
      summary={() =>
        rows.length ? (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={2}>
              {t('carry.total')}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              <strong data-testid="carry-total">{formatAmount(total)}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} colSpan={2} />
          </Table.Summary.Row>
        ) : null
      }
    />
  );
}
