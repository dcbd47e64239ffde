import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/language-context';
import { LANGUAGES, languageInfo, type LanguageCode } from '../lib/languages';
import { MenuButton } from './menu-button';

/** Header menu listing the seven languages by their own names; compact shows only the icon. */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('common');
  const { language, setLanguage } = useLanguage();
  return (
    <MenuButton
      selectedKey={language}
      onSelect={(key) => void setLanguage(key as LanguageCode)}
      items={LANGUAGES.map((l) => ({
        key: l.code,
        label: (
          <span data-testid={`language-option-${l.code}`} lang={l.html}>
            {l.nativeName}
          </span>
        ),
      }))}
      button={{
        icon: <GlobalOutlined />,
        'data-testid': 'language-switcher',
        'aria-label': `${t('header.language')}: ${languageInfo(language).nativeName}`,
        children: compact ? null : languageInfo(language).nativeName,
      }}
    />
  );
}
