import { BulbOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { THEME_MODES, useThemeMode, type ThemeMode } from '../lib/theme-mode';
import { MenuButton } from './menu-button';

const ICONS: Record<ThemeMode, React.ReactNode> = {
  system: <BulbOutlined />,
  light: <SunOutlined />,
  dark: <MoonOutlined />,
};

/** Header menu: follow the device, light or dark. The button shows the theme in use. */
export function ThemeSwitcher() {
  const { t } = useTranslation('shell');
  const { mode, dark, setMode } = useThemeMode();
  return (
    <MenuButton
      selectedKey={mode}
      onSelect={(key) => setMode(key as ThemeMode)}
      items={THEME_MODES.map((m) => ({
        key: m,
        icon: ICONS[m],
        label: <span data-testid={`theme-option-${m}`}>{t(`theme.${m}`)}</span>,
      }))}
      button={{
        icon: dark ? <MoonOutlined /> : <SunOutlined />,
        'data-testid': 'theme-switcher',
        'aria-label': `${t('theme.label')}: ${t(`theme.${mode}`)}`,
        title: t('theme.label'),
      }}
    />
  );
}
