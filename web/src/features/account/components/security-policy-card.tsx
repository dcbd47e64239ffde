import { App, Card, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSecurityPolicy, useSetSecurityPolicy } from '../api/two-factor';
import { translateApiError } from '../../../lib/form-errors';
import { hasPermission } from '../../../lib/session';
import { useSession } from '../../../lib/use-session';
import { languageInfo } from '../../../lib/languages';
import type { SecurityPolicy } from '../api/two-factor';

/** "Last backup: 23 Nov 2026, 02:31 (12.4 MB)" in the organisation's zone, or that none is taken. */
function LastBackup({ last, zone }: { last: SecurityPolicy['last_backup']; zone?: string }) {
  const { t, i18n } = useTranslation('account');
  if (!last) {
    return (
      <Typography.Text type="secondary" data-testid="last-backup">
        {t('policy.no_backup')}
      </Typography.Text>
    );
  }
  const lang = languageInfo(i18n.language).html;
  let at: string;
  try {
    at = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(new Date(last.at));
  } catch {
    at = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(last.at));
  }
  const size = new Intl.NumberFormat(lang, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
    last.size_bytes / 1e6,
  );
  return (
    <Typography.Text type="secondary" data-testid="last-backup">
      {t('policy.last_backup', { at, size })}
    </Typography.Text>
  );
}

/** The owner's switch: require two-factor sign-in of owners and admins; and the last backup. */
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
      <div style={{ marginTop: 16 }}>
        <LastBackup last={policy.data?.last_backup} zone={session?.org?.timezone} />
      </div>
    </Card>
  );
}
