import { Alert, Button, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Recovery codes, shown once: a list to copy and a text file to download. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('account');
  const download = () => {
    const blob = new Blob([t('two_factor.codes_file_header') + '\n\n' + codes.join('\n') + '\n'], { type: 'text/plain' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'hadir-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="two-factor-recovery-codes">
      <Alert type="warning" showIcon title={t('two_factor.codes_once')} />
      <Typography.Paragraph copyable={{ text: codes.join('\n') }}>
        <pre style={{ margin: 0 }} aria-label={t('two_factor.codes_title')}>
          {codes.join('\n')}
        </pre>
      </Typography.Paragraph>
      <Space wrap>
        <Button icon={<DownloadOutlined />} onClick={download} data-testid="two-factor-codes-download">
          {t('two_factor.codes_download')}
        </Button>
        <Button type="primary" onClick={onDone} data-testid="two-factor-codes-done">
          {t('two_factor.codes_done')}
        </Button>
      </Space>
    </Space>
  );
}
