import { App, Card, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSecurityPolicy, useSetSecurityPolicy } from '../api/two-factor';
import { translateApiError } from '../../../lib/form-errors';
import { hasPermission } from '../../../lib/session';
import { useSession } from '../../../lib/use-session';

/** The owner's switch: require two-factor sign-in of owners and admins. */
export function SecurityPolicyCard() {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const session = useSession();
  const isOwner =
    hasPermission(session, `add.manage.${session?.org?.kind ?? 'company'}`) && !session?.two_factor_setup_required;
  const policy = useSecurityPolicy(isOwner);
  const set = useSetSecurityPolicy();
  if (!isOwner) return null;
  return (
    <Card title={t('policy.title')} loading={policy.isLoading} data-testid="security-policy-card">
      <Space align="start">
        <Switch
          id="require-two-factor"
          checked={!!policy.data?.require_two_factor}
          loading={set.isPending}
          data-testid="security-policy-switch"
          onChange={(checked) =>
            set.mutate(
              { require_two_factor: checked },
              {
                onSuccess: () => message.success(t('policy.saved')),
                onError: (e) => message.error(translateApiError(t, e)),
              },
            )
          }
        />
        <label htmlFor="require-two-factor">
          <Typography.Text strong>{t('policy.require_two_factor')}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{t('policy.help')}</Typography.Text>
        </label>
      </Space>
    </Card>
  );
}
