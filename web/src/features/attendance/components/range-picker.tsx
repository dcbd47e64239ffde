// Month or from/to range selection (date_type 1 or 2), kept in the URL.
import { DatePicker, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { RangeSelection } from '../api/range-query';

export function RangeSelectionPicker({ value, onChange }: { value: RangeSelection; onChange: (s: RangeSelection) => void }) {
  const { t } = useTranslation('attendance');
  return (
    <Space wrap>
      <Radio.Group
        optionType="button"
        value={value.dateType}
        onChange={(e) => {
          if (e.target.value === 1) onChange({ dateType: 1, month: value.dateType === 2 ? value.from.slice(0, 7) : value.month });
          else {
            const first = value.dateType === 1 ? `${value.month}-01` : value.from;
            onChange({ dateType: 2, from: first, to: dayjs(first).endOf('month').format('YYYY-MM-DD') });
          }
        }}
        options={[
          { value: 1, label: t('monthly.by_month') },
          { value: 2, label: t('monthly.by_range') },
        ]}
        data-testid="monthly-date-type"
      />
      {value.dateType === 1 ? (
        <DatePicker
          picker="month"
          allowClear={false}
          value={dayjs(`${value.month}-01`)}
          onChange={(d) => d && onChange({ dateType: 1, month: d.format('YYYY-MM') })}
          data-testid="monthly-month"
        />
      ) : (
        <DatePicker.RangePicker
          allowClear={false}
          value={[dayjs(value.from), dayjs(value.to)]}
          onChange={(r) => r?.[0] && r[1] && onChange({ dateType: 2, from: r[0].format('YYYY-MM-DD'), to: r[1].format('YYYY-MM-DD') })}
          data-testid="monthly-range"
        />
      )}
    </Space>
  );
}
