import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Person } from '../api/faces';

/** Account status of a person: no account yet, member, admin or owner. */
export function AccountStatus({ person }: { person: Person }) {
  const { t } = useTranslation(['people']);
  if (!person.has_account) {
    return <Tag data-testid={`account-${person.id}`}>{person.email ? t('account.invited') : t('account.none')}</Tag>;
  }
  return (
    <Space size={4} data-testid={`account-${person.id}`}>
      <Tag color="green">{t('account.active')}</Tag>
      {person.role === 'owner' && <Tag color="gold">{t('account.owner')}</Tag>}
      {person.role === 'admin' && <Tag color="blue">{t('account.admin')}</Tag>}
    </Space>
  );
}
