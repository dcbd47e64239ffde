import { useEffect } from 'react';
import { App, Form } from 'antd';
import type { TFunction } from 'i18next';
import { applyServerErrors, translateApiError } from './form-errors';

/** A save call as TanStack Query's useMutation gives it. */
interface Save<T> {
  mutate: (values: T, callbacks: { onSuccess: () => void; onError: (e: unknown) => void }) => void;
}

/**
 * The form of a page that shows one loaded record and saves it: the fields fill in when the
 * record arrives; submitting saves, says so, or puts the server's field errors on the fields.
 */
export function useRecordForm<T extends object>(record: unknown, save: Save<T>, t: TFunction) {
  const { message } = App.useApp();
  const [form] = Form.useForm<T>();
  useEffect(() => {
    if (record) form.setFieldsValue(record as Parameters<typeof form.setFieldsValue>[0]);
  }, [record, form]);
  const onFinish = (values: T) =>
    save.mutate(values, {
      onSuccess: () => message.success(t('common:messages.saved')),
      onError: (e) => {
        if (!applyServerErrors(form, e, t)) message.error(translateApiError(t, e));
      },
    });
  return { form, onFinish };
}
