import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A wrong, used or expired code ends here. */
export default function UnqualifiedPage() {
  const { t } = useTranslation(['verification']);
  return (
    <Result
      status="warning"
      title={t('unqualified_title')}
      subTitle={t('unqualified_text')}
      data-testid="verification-unqualified"
      extra={
        <Link to="/verification/employee">
          <Button type="primary">{t('try_again')}</Button>
        </Link>
      }
    />
  );
}
