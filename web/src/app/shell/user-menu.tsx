import { Avatar } from 'antd';
import { LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../lib/use-session';
import { logout } from '../../features/auth/api/logout';
import { MenuButton } from '../../components/menu-button';

/** The signed-in user's menu: profile, account settings, sign out; compact shows only the avatar. */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation(['common', 'shell']);
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const signOut = async () => {
    await logout();
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  return (
    <MenuButton
      items={[
        { key: 'profile', icon: <UserOutlined />, label: <span data-testid="user-menu-profile">{t('menu.profile')}</span> },
        { key: 'account', icon: <SettingOutlined />, label: <span data-testid="user-menu-account">{t('menu.account')}</span> },
        { key: 'logout', icon: <LogoutOutlined />, danger: true, dividerBefore: true, label: <span data-testid="user-menu-logout">{t('header.sign_out')}</span> },
      ]}
      onSelect={(key) => {
        if (key === 'profile') navigate('/personal/profile');
        else if (key === 'account') navigate('/personal/account');
        else if (key === 'logout') void signOut();
      }}
      button={{
        'data-testid': 'user-menu',
        'aria-label': `${t('shell:user.menu')}: ${session?.name ?? ''}`,
        style: { height: compact ? 40 : 48, maxWidth: compact ? undefined : 220, display: 'flex', alignItems: 'center', gap: 8 },
        children: (
          <>
            <Avatar size="small" src={session?.user?.image || undefined} icon={<UserOutlined />} style={{ flex: 'none' }} />
            {!compact && <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{session?.name}</span>}
          </>
        ),
      }}
    />
  );
}
