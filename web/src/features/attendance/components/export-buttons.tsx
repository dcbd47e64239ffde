import { useState } from 'react';
import { App, Button } from 'antd';
import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AttendanceFace } from '../api/faces';
import { downloadAttendance, type ExportSpec, type ExportType } from '../api/reports';
import { saveBlob } from '../../../lib/download';
import { translateApiError } from '../../../lib/form-errors';
import { useSession } from '../../../lib/use-session';
import { SaveReportButton } from '../../../components/saved-report-modal';

/** pdf and xlsx downloads of a report in the UI language, with a spinner while they run. */
export function AttendanceExportButtons({ face, spec }: { face: AttendanceFace; spec: ExportSpec }) {
  const { t, i18n } = useTranslation(['attendance']);
  const { message } = App.useApp();
  const [busy, setBusy] = useState<ExportType | null>(null);
  const session = useSession();
  const canSave = !!session?.permissions?.includes(face.editPermission);

  const run = async (type: ExportType) => {
    setBusy(type);
    try {
      const { blob, fileName } = await downloadAttendance(face, spec, type, i18n.language);
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
      <Button icon={<FilePdfOutlined />} loading={busy === 'pdf'} disabled={!!busy} onClick={() => void run('pdf')} data-testid="attendance-export-pdf">
        {t('export.pdf')}
      </Button>
      <Button icon={<FileExcelOutlined />} loading={busy === 'xlsx'} disabled={!!busy} onClick={() => void run('xlsx')} data-testid="attendance-export-xlsx">
        {t('export.xlsx')}
      </Button>
      {canSave && <SaveReportButton kind={spec.view} filters={{ kind: face.kind }} />}
    </>
  );
}
