// An HH:mm TimePicker whose form value is the "HH:MM" string the API speaks.
import { TimePicker, type TimePickerProps } from 'antd';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

export const TIME_FORMAT = 'HH:mm';

/** Form.Item props that keep the value as "HH:MM". */
export const timeValueProps = {
  getValueProps: (v?: string) => ({ value: v ? dayjs(v, TIME_FORMAT) : undefined }),
  normalize: (d?: dayjs.Dayjs | null) => (d ? d.format(TIME_FORMAT) : undefined),
};

export function TimeField(props: Omit<TimePickerProps, 'format'>) {
  return <TimePicker format={TIME_FORMAT} needConfirm={false} minuteStep={1} style={{ width: '100%' }} {...props} />;
}
