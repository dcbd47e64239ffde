// Import punches (issue 14, offline logs): the attendance log a terminal exported to a USB
// stick, or a CSV of another system. Preview first (counts, the first rows, row errors), then
// import; a file with row errors stores nothing.
import { useState } from 'react';
import { Alert, App, Button, Form, Modal, Radio, Result, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { api } from '../../../lib/api-client';
import type { ListEnvelope } from '../../../lib/api-schemas';
import { translateApiError } from '../../../lib/form-errors';
import type { Device, DeviceFace } from '../api/faces';
import { deviceKeys } from '../api/devices';
import { withDeviceErrors } from '../api/errors';
import {
  PunchImportRejected,
  usePunchImport,
  type PunchImportError,
  type PunchImportFormat,
  type PunchImportResult,
  type PunchImportRow,
} from '../api/punch-import';

const STATUS_COLOR: Record<string, string> = { new: 'green', duplicate: 'default', error: 'red' };

/** A row error in the user's language: an unknown person, or the field that is wrong. */
export function punchRowMessage(t: TFunction, e: PunchImportError): string {
  if (e.code === 'import.unknown_person') return t('devices:punch_import.row.unknown_person', { line: e.line });
  return t(`devices:punch_import.row.${e.field}`, { line: e.line, defaultValue: e.message });
}

export function PunchImportModal({ face, open, onClose }: { face: DeviceFace; open: boolean; onClose: () => void }) {
  const { t: rawT } = useTranslation(['devices', 'common', 'errors']);
  const t = withDeviceErrors(rawT);
  const { message } = App.useApp();
  const [format, setFormat] = useState<PunchImportFormat>('attlog');
  const [deviceId, setDeviceId] = useState<number | undefined>();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<{ result: PunchImportResult; ok: boolean } | null>(null);
  const [stored, setStored] = useState<PunchImportResult | null>(null);
  const run = usePunchImport();
  // The terminals to choose from (an organisation has a few; the first 100 by name).
  const devices = useQuery({
    queryKey: deviceKeys.list(face, { all: true }),
    queryFn: ({ signal }) => api.get<ListEnvelope<Device>>(face.api.list, { 'page[number]': 1, 'page[size]': 100 }, signal),
    enabled: open,
  });

  const changed = () => {
    setPreview(null);
    setStored(null);
  };
  const reset = () => {
    setFormat('attlog');
    setDeviceId(undefined);
    setFile(null);
    changed();
    run.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const missingDevice = format === 'attlog' && !deviceId;
  const send = (dryRun: boolean) => {
    if (!file || missingDevice) return;
    run.mutate(
      { file, format, deviceId, dryRun },
      {
        onSuccess: (result) => {
          if (dryRun) setPreview({ result, ok: true });
          else {
            setPreview(null);
            setStored(result);
            message.success(rawT('punch_import.stored', { count: result.new }));
          }
        },
        onError: (e) => {
          if (e instanceof PunchImportRejected) setPreview({ result: e.result, ok: false });
          else message.error(translateApiError(t, e));
        },
      },
    );
  };

  const counts = (r: PunchImportResult) =>
    rawT('punch_import.counts', { rows: r.rows, new: r.new, duplicates: r.duplicates, errors: r.errors.length });

  return (
    <Modal
      open={open}
      title={rawT('punch_import.title')}
      onCancel={close}
      width={760}
      footer={[
        <Button key="close" onClick={close}>
          {rawT('common:actions.close')}
        </Button>,
        <Button key="preview" disabled={!file || missingDevice} loading={run.isPending && run.variables?.dryRun} onClick={() => send(true)} data-testid="punch-import-preview">
          {rawT('punch_import.preview')}
        </Button>,
        <Button
          key="import"
          type="primary"
          disabled={!preview?.ok || preview.result.new === 0}
          loading={run.isPending && run.variables?.dryRun === false}
          onClick={() => send(false)}
          data-testid="punch-import-submit"
        >
          {rawT('punch_import.import')}
        </Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Paragraph style={{ margin: 0 }}>{rawT('punch_import.help')}</Typography.Paragraph>
        <Form layout="vertical" component="div">
          <Form.Item label={rawT('punch_import.format')} style={{ marginBottom: 12 }}>
            <Radio.Group
              value={format}
              onChange={(e) => {
                setFormat(e.target.value as PunchImportFormat);
                setFile(null);
                changed();
              }}
              data-testid="punch-import-format"
            >
              <Space orientation="vertical">
                <Radio value="attlog" data-testid="punch-import-format-attlog">
                  {rawT('punch_import.format_attlog')}
                </Radio>
                <Radio value="csv" data-testid="punch-import-format-csv">
                  {rawT('punch_import.format_csv')}
                </Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
          <Form.Item
            label={rawT('punch_import.device')}
            htmlFor="punch-import-device"
            required={format === 'attlog'}
            extra={format === 'attlog' ? rawT('punch_import.device_hint') : rawT('punch_import.device_hint_csv')}
            style={{ marginBottom: 12 }}
          >
            <Select<number>
              id="punch-import-device"
              value={deviceId}
              allowClear={format === 'csv'}
              placeholder={format === 'csv' ? rawT('punch_import.no_device') : rawT('punch_import.choose_device')}
              loading={devices.isLoading}
              options={(devices.data?.data ?? []).map((d) => ({ value: d.id, label: `${d.name} (${d.code})` }))}
              onChange={(v) => {
                setDeviceId(v ?? undefined);
                changed();
              }}
              style={{ width: '100%' }}
              data-testid="punch-import-device"
            />
          </Form.Item>
          <Form.Item label={rawT('punch_import.file')} style={{ marginBottom: 0 }}>
            <Upload.Dragger
              accept={format === 'attlog' ? '.dat,.txt,text/plain' : '.csv,.xlsx,text/csv'}
              maxCount={1}
              beforeUpload={(f) => {
                setFile(f);
                changed();
                return false;
              }}
              onRemove={() => {
                setFile(null);
                changed();
              }}
              fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
              data-testid="punch-import-file"
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{format === 'attlog' ? rawT('punch_import.pick_attlog') : rawT('punch_import.pick_csv')}</p>
            </Upload.Dragger>
          </Form.Item>
        </Form>

        {stored && (
          <Result
            status="success"
            title={rawT('punch_import.stored', { count: stored.new })}
            subTitle={rawT('punch_import.stored_duplicates', { count: stored.duplicates })}
            style={{ padding: 12 }}
            data-testid="punch-import-result"
          />
        )}

        {preview && (
          <>
            <Alert
              type={preview.ok ? 'info' : 'error'}
              showIcon
              title={preview.ok ? counts(preview.result) : rawT('punch_import.rejected')}
              description={preview.ok ? undefined : counts(preview.result)}
              data-testid="punch-import-counts"
            />
            <Table<PunchImportRow>
              size="small"
              rowKey="line"
              dataSource={preview.result.preview ?? []}
              pagination={false}
              scroll={{ x: 'max-content', y: 320 }}
              caption={<Typography.Text type="secondary">{rawT('punch_import.preview_caption', { count: preview.result.preview?.length ?? 0 })}</Typography.Text>}
              data-testid="punch-import-table"
              columns={[
                { title: rawT('punch_import.line'), dataIndex: 'line', width: 64 },
                { title: rawT('punch_import.code'), dataIndex: 'code' },
                { title: rawT('fields.name'), dataIndex: 'name' },
                { title: rawT('punch_import.time'), dataIndex: 'time' },
                {
                  title: rawT('fields.state'),
                  dataIndex: 'status',
                  render: (s: string) => (
                    <Tag color={STATUS_COLOR[s]} data-testid="punch-import-status">
                      {rawT(`punch_import.status.${s}`)}
                    </Tag>
                  ),
                },
              ]}
            />
            {preview.result.errors.length > 0 && (
              <Table<PunchImportError>
                size="small"
                rowKey={(r) => `${r.line}-${r.field}`}
                dataSource={preview.result.errors}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                data-testid="punch-import-errors"
                columns={[
                  { title: rawT('punch_import.line'), dataIndex: 'line', width: 64 },
                  { title: rawT('punch_import.problem'), key: 'message', render: (_, r) => punchRowMessage(rawT, r) },
                ]}
              />
            )}
          </>
        )}
      </Space>
    </Modal>
  );
}
