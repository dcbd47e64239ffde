// antd Form rules with the spec's validation wording (spec §5), translated.
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMemo } from 'react';

export const PASSWORD_MIN = 8;

export function useFormRules() {
  const { t } = useTranslation('errors');
  return useMemo(
    () => ({
      required: (): FormRule => ({ required: true, whitespace: true, message: t('validation.required') }),
      requiredSelect: (): FormRule => ({ required: true, message: t('validation.required') }),
      nameRequired: (): FormRule => ({ required: true, whitespace: true, message: t('form.name_required') }),
      emailRequired: (): FormRule => ({ required: true, message: t('form.email_required') }),
      workEmailRequired: (): FormRule => ({ required: true, message: t('form.work_email_required') }),
      usernameRequired: (): FormRule => ({ required: true, message: t('form.username_required') }),
      passwordRequired: (): FormRule => ({ required: true, message: t('form.password_required') }),
      email: (): FormRule => ({ type: 'email', message: t('form.email_invalid') }),
      digits: (): FormRule => ({ pattern: /^[0-9]+$/, message: t('validation.digits') }),
      min: (min: number): FormRule => ({ min, message: t('validation.min', { min }) }),
      max: (max: number): FormRule => ({ max, message: t('validation.max', { max }) }),
      terms: (): FormRule => ({
        validator: (_, value) => (value ? Promise.resolve() : Promise.reject(new Error(t('validation.terms')))),
      }),
      sameAs: (field: string): FormRule => ({ getFieldValue }) => ({
        validator: (_, value) =>
          !value || getFieldValue(field) === value
            ? Promise.resolve()
            : Promise.reject(new Error(t('validation.confirmed'))),
      }),
    }),
    [t],
  );
}
