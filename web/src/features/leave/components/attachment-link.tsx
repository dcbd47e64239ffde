import { App, Button } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { apiDownload } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { translateApiError } from '../../../lib/form-errors';

/** Opens an application's attachment (fetched with the bearer token, so no plain link). */
export function AttachmentLink({ url }: { url: string }) {
  const { t } = useTranslation(['leave', 'errors']);
  const { message } = App.useApp();
  if (!url) return null;
  const open = async () => {
    try {
      const { blob, fileName } = await apiDownload(url, undefined, 'attachment');
      const href = URL.createObjectURL(blob);
      const w = window.open(href, '_blank', 'noopener');
      if (!w) saveBlob(blob, fileName);
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
    } catch (e) {
      message.error(translateApiError(t, e));
    }
  };
  return (
    <Button size="small" type="link" icon={<PaperClipOutlined />} onClick={open} data-testid="leave-attachment">
      {t('fields.attachment')}
    </Button>
  );
}
