import { Checkbox, Form } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormRules } from '../../../lib/form-rules';

/** The "I accept the terms and conditions" checkbox shared by both registrations; the terms
 * open in a new tab so that what has been typed in the form stays. */
export function TermsField() {
  const { t } = useTranslation('auth');
  const rules = useFormRules();
  return (
    <Form.Item name="terms" valuePropName="checked" rules={[rules.terms()]}>
      <Checkbox data-testid="register-terms">
        <Trans
          t={t}
          i18nKey="fields.terms"
          components={{ terms: <Link to="/terms" target="_blank" rel="noopener" data-testid="terms-link" onClick={(e) => e.stopPropagation()} /> }}
        />
      </Checkbox>
    </Form.Item>
  );
}
