// The terms of use, public and translated: linked from the registration forms and from the
// foot of every public page.
import { Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const TERMS_SECTIONS = ['account', 'organisation', 'data', 'use', 'availability', 'changes', 'contact'] as const;

export default function TermsPage() {
  const { t } = useTranslation('legal');
  return (
    <article data-testid="terms-page">
      <Typography.Title level={3}>{t('terms.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('terms.updated')}</Typography.Paragraph>
      <Typography.Paragraph>{t('terms.intro')}</Typography.Paragraph>
      <ol style={{ paddingInlineStart: 20 }}>
        {TERMS_SECTIONS.map((s) => (
          <li key={s} data-testid={`terms-${s}`}>
            <Typography.Title level={5} style={{ marginTop: 12 }}>
              {t(`terms.sections.${s}.heading`)}
            </Typography.Title>
            <Typography.Paragraph>{t(`terms.sections.${s}.body`)}</Typography.Paragraph>
          </li>
        ))}
      </ol>
      <Link to="/login">
        <ArrowLeftOutlined /> {t('terms.back')}
      </Link>
    </article>
  );
}
