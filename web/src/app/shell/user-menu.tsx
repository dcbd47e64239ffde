import { Avatar, Button, Dropdown, Space } from 'antd';
import { LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../lib/use-session';
import { logout } from '../../features/auth/api/logout';

export function UserMenu() {
  const { t } = useTranslation('common');
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const signOut = async () => {
    await logout();
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'profile', icon: <UserOutlined />, label: <span data-testid="user-menu-profile">{t('menu.profile')}</span> },
          { key: 'account', icon: <SettingOutlined />, label: <span data-testid="user-menu-account">{t('menu.account')}</span> },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, danger: true, label: <span data-testid="user-menu-logout">{t('header.sign_out')}</span> },
        ],
        onClick: ({ key }) => {
          if (key === 'profile') navigate('/personal/profile');
          else if (key === 'account') navigate('/personal/account');
          else if (key === 'logout') void signOut();
        },
      }}
    >
      <Button type="text" data-testid="user-menu" style={{ height: 48 }}>
        <Space>
          <Avatar size="small" src={session?.user?.image || undefined} icon={<UserOutlined />} />
          <span>{session?.name}</span>
        </Space>
      </Button>
    </Dropdown>
  );
}
