// Opens a correction request's document. It is fetched with the bearer token (the route
// checks who may see it), so it is a button, not a plain link.
import { App, Button } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { apiDownload } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { translateApiError } from '../../../lib/form-errors';

export function AttachmentLink({ url, name }: { url?: string; name?: string }) {
  const { t } = useTranslation(['approvals', 'errors']);
  const { message } = App.useApp();
  if (!url) return null;
  const open = async () => {
    try {
      const { blob, fileName } = await apiDownload(url, undefined, name || 'attachment');
      const href = URL.createObjectURL(blob);
      const w = window.open(href, '_blank', 'noopener');
      if (!w) saveBlob(blob, fileName);
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
    } catch (e) {
      message.error(translateApiError(t, e));
    }
  };
  return (
    <Button size="small" type="link" icon={<PaperClipOutlined />} onClick={open} style={{ minHeight: 40, paddingInline: 4 }} data-testid="request-attachment">
      {name ? t('requests.open_named', { name }) : t('fields.attachment')}
    </Button>
  );
}
