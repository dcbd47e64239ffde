import dayjs from 'dayjs';

/**
 * A date field that keeps a YYYY-MM-DD string in the form and sends "" when cleared, for a
 * field whose empty value means something to the server (e.g. "no tracking start").
 */
export const clearableDateItemProps = {
  getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v) : undefined }),
  normalize: (d: dayjs.Dayjs | null) => (d ? d.format('YYYY-MM-DD') : ''),
};
