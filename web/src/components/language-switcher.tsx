import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/language-context';
import { LANGUAGES, languageInfo } from '../lib/languages';

/** Header menu listing the seven languages by their own names. */
export function LanguageSwitcher() {
  const { t } = useTranslation('common');
  const { language, setLanguage } = useLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((l) => ({
          key: l.code,
          label: (
            <span data-testid={`language-option-${l.code}`} lang={l.html}>
              {l.nativeName}
            </span>
          ),
        })),
        onClick: ({ key }) => void setLanguage(key as typeof language),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} data-testid="language-switcher" aria-label={t('header.language')}>
        {languageInfo(language).nativeName}
      </Button>
    </Dropdown>
  );
}
