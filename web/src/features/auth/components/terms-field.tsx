import { Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormRules } from '../../../lib/form-rules';

/** The "I accept the terms and conditions" checkbox shared by both registrations. */
export function TermsField() {
  const { t } = useTranslation('auth');
  const rules = useFormRules();
  return (
    <Form.Item name="terms" valuePropName="checked" rules={[rules.terms()]}>
      <Checkbox data-testid="register-terms">{t('fields.terms')}</Checkbox>
    </Form.Item>
  );
}
