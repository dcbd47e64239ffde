import { useState } from 'react';
import { App, Button } from 'antd';
import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { downloadReport, type ReportType } from '../api/people';
import type { PeopleFace } from '../api/faces';
import { saveBlob } from '../../../lib/download';
import { translateApiError } from '../../../lib/form-errors';

/** Export the list as pdf or xlsx under the server's file name, with a spinner while it runs. */
export function ExportButtons({ face }: { face: PeopleFace }) {
  const { t } = useTranslation(['people']);
  const { message } = App.useApp();
  const [busy, setBusy] = useState<ReportType | null>(null);

  const run = async (type: ReportType) => {
    setBusy(type);
    try {
      const { blob, fileName } = await downloadReport(face, type);
      saveBlob(blob, fileName);
    } catch (e) {
      message.error(translateApiError(t, e));
    } finally {
      setBusy(null);
    }
  };

  // Two buttons side by side, not a compact group: in a wrapping toolbar each can go to the
  // next line, so at 320 px (400 % zoom) and with wider text spacing nothing scrolls sideways.
  return (
    <>
      <Button icon={<FilePdfOutlined />} loading={busy === 'pdf'} disabled={!!busy} onClick={() => void run('pdf')} data-testid="export-pdf">
        {t('list.export_pdf')}
      </Button>
      <Button icon={<FileExcelOutlined />} loading={busy === 'xlsx'} disabled={!!busy} onClick={() => void run('xlsx')} data-testid="export-xlsx">
        {t('list.export_xlsx')}
      </Button>
    </>
  );
}
