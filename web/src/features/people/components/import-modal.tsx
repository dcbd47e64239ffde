import { useState } from 'react';
import { Alert, App, Button, Modal, Radio, Result, Space, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { downloadImportTemplate } from '../api/people';
import { ImportRejected, useImportPeople, type ImportMode } from '../api/import-people';
import type { ImportResult, ImportRowError, PeopleFace } from '../api/faces';
import { buildImportErrorCsv } from './import-error-report';
import { saveBlob } from '../../../lib/download';
import { translateApiError } from '../../../lib/form-errors';

/** Import people from CSV or xlsx: template, file, mode, and the result or the row errors. */
export function ImportModal({ face, open, onClose }: { face: PeopleFace; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['people', 'common', 'errors']);
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<ImportMode>('all');
  const [result, setResult] = useState<ImportResult | null>(null);
  const [rows, setRows] = useState<ImportRowError[] | null>(null);
  const [templateBusy, setTemplateBusy] = useState(false);
  const run = useImportPeople(face);

  const rowMessage = (r: ImportRowError) => t(`errors:${r.code}`, { defaultValue: r.message });

  const reset = () => {
    setFile(null);
    setResult(null);
    setRows(null);
    setMode('all');
  };

  const submit = () => {
    if (!file) return;
    setResult(null);
    setRows(null);
    run.mutate(
      { file, mode },
      {
        onSuccess: setResult,
        onError: (e) => {
          if (e instanceof ImportRejected) setRows(e.rows);
          else message.error(translateApiError(t, e));
        },
      },
    );
  };

  const template = async () => {
    setTemplateBusy(true);
    try {
      const { blob, fileName } = await downloadImportTemplate(face);
      saveBlob(blob, fileName);
    } catch (e) {
      message.error(translateApiError(t, e));
    } finally {
      setTemplateBusy(false);
    }
  };

  const errorReport = (list: ImportRowError[]) => {
    const csv = buildImportErrorCsv(
      list,
      { line: t('import.line'), field: t('import.field'), message: t('import.message') },
      rowMessage,
    );
    saveBlob(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }), `${face.kind}-import-errors.csv`);
  };

  const errorTable = (list: ImportRowError[]) => (
    <>
      <Table<ImportRowError>
        size="small"
        rowKey={(r) => `${r.line}-${r.field}-${r.code}`}
        dataSource={list}
        pagination={{ pageSize: 10 }}
        data-testid="import-errors"
        columns={[
          { title: t('import.line'), dataIndex: 'line', width: 80 },
          { title: t('import.field'), dataIndex: 'field', width: 140, render: (f: string) => (f ? t(`fields.${f}`, { defaultValue: f }) : '') },
          { title: t('import.message'), key: 'message', render: (_, r) => rowMessage(r) },
        ]}
      />
      <Button icon={<DownloadOutlined />} onClick={() => errorReport(list)} data-testid="import-error-report">
        {t('import.error_report')}
      </Button>
    </>
  );

  return (
    <Modal
      open={open}
      title={t('import.title')}
      onCancel={() => {
        reset();
        onClose();
      }}
      width={720}
      footer={[
        <Button key="close" onClick={() => { reset(); onClose(); }}>
          {t('common:actions.close')}
        </Button>,
        <Button key="run" type="primary" disabled={!file} loading={run.isPending} onClick={submit} data-testid="import-submit">
          {t('import.run')}
        </Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Paragraph style={{ margin: 0 }}>{t('import.help')}</Typography.Paragraph>
        <Button icon={<DownloadOutlined />} loading={templateBusy} onClick={() => void template()} data-testid="import-template">
          {t('import.template')}
        </Button>
        <Upload.Dragger
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            setResult(null);
            setRows(null);
            return false;
          }}
          onRemove={() => setFile(null)}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          data-testid="import-file"
        >
          <p className="ant-upload-drag-icon"><InboxOutlined /></p>
          <p className="ant-upload-text">{t('import.pick')}</p>
        </Upload.Dragger>
        <Radio.Group value={mode} onChange={(e) => setMode(e.target.value)}>
          <Space orientation="vertical">
            <Radio value="all" data-testid="import-mode-all">{t('import.mode_all')}</Radio>
            <Radio value="valid" data-testid="import-mode-valid">{t('import.mode_valid')}</Radio>
          </Space>
        </Radio.Group>
        {result && (
          <Result
            status={result.errors.length ? 'warning' : 'success'}
            title={t('import.done', { created: result.created, skipped: result.skipped })}
            data-testid="import-result"
            style={{ padding: 12 }}
          />
        )}
        {result && result.errors.length > 0 && errorTable(result.errors)}
        {rows && (
          <>
            <Alert type="error" showIcon title={t('errors:import.invalid_rows')} data-testid="import-rejected" />
            {errorTable(rows)}
          </>
        )}
      </Space>
    </Modal>
  );
}
