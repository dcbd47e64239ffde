// "Requests": a member asks for a correction of their attendance (a forgotten punch, a punch
// at the wrong time moved, or a day's status, for a past date, with a reason) and follows
// their requests' timelines.
import { useId, useState } from 'react';
import { App, Button, Card, Col, DatePicker, Form, Input, Row, Select, TimePicker, Tag, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { ResponsiveTable, type ListColumn } from '../../../components/responsive-table';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import { ATTACHMENT_ACCEPT, attachmentProblem, useCreateCorrection, useMyPunches, useMyRequests, type CorrectionRequest } from '../api/approvals';
import { AttachmentLink } from './attachment-link';
import { TimelineList } from './timeline-list';

interface FormValues {
  date?: Dayjs;
  kind: 'add_punch' | 'move_punch' | 'status';
  time?: Dayjs;
  punch_id?: number;
  status?: number;
  reason: string;
}

const STATUSES = [1, 2, 3, 4, 5, 6];
const STATE_COLORS: Record<string, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

export default function RequestsPage() {
  const { t } = useTranslation(['approvals', 'common', 'errors']);
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const kind = Form.useWatch('kind', form);
  const date = Form.useWatch('date', form);
  const punches = useMyPunches(kind === 'move_punch' && date ? date.format('YYYY-MM-DD') : undefined);
  const mine = useMyRequests();
  const create = useCreateCorrection();
  // The optional document is not a form field (antd ties a field's message to it only by
  // name), so its message is tied to its button here.
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileHelp = useId();

  const onFinish = (v: FormValues) =>
    create.mutate(
      {
        date: v.date ? v.date.format('YYYY-MM-DD') : '',
        kind: v.kind,
        time: v.kind !== 'status' && v.time ? v.time.format('HH:mm') : undefined,
        punch_id: v.kind === 'move_punch' ? v.punch_id : undefined,
        status: v.kind === 'status' ? v.status : undefined,
        reason: v.reason ?? '',
        attachment: file,
      },
      {
        onSuccess: () => {
          message.success(t('requests.sent'));
          form.resetFields();
          setFile(null);
          setFileError(null);
        },
        onError: (e) => {
          if (e instanceof ApiError && e.errors.attachment) setFileError(translateApiError(t, e));
          else if (!applyServerErrors(form, e, t)) message.error(translateApiError(t, e));
        },
      },
    );

  const columns: ListColumn<CorrectionRequest>[] = [
    { title: t('fields.date'), dataIndex: 'date', key: 'date', primary: true },
    {
      title: t('fields.correction'),
      key: 'what',
      render: (_, r) => (r.type === 'status' ? `${t('types.status')}: ${t(`statuses.${r.status}`)}` : `${t(`types.${r.type}`)} ${r.time}`),
    },
    { title: t('fields.reason'), dataIndex: 'reason', key: 'reason' },
    { title: t('fields.attachment'), key: 'attachment', render: (_, r) => <AttachmentLink url={r.attachment_url} name={r.attachment_name} /> },
    { title: t('fields.state'), dataIndex: 'state', key: 'state', render: (v: string) => <Tag color={STATE_COLORS[v]}>{t(`states.${v}`)}</Tag> },
  ];

  return (
    <>
      <PageHeader title={t('requests.title')} />
      <Card title={t('requests.new')} style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">{t('requests.help')}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={onFinish} initialValues={{ kind: 'add_punch' }}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="date" label={t('fields.date')} rules={[{ required: true, message: t('errors:validation.required') }]}>
                <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} data-testid="request-date" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="kind" label={t('fields.correction')}>
                <Select
                  data-testid="request-kind"
                  options={(['add_punch', 'move_punch', 'status'] as const).map((k) => ({ value: k, label: t(`types.${k}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              {kind === 'status' ? (
                <Form.Item name="status" label={t('fields.status')} rules={[{ required: true, message: t('errors:validation.required') }]}>
                  <Select data-testid="request-status" options={STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))} />
                </Form.Item>
              ) : (
                <Form.Item name="time" label={t(kind === 'move_punch' ? 'requests.new_time' : 'fields.time')} rules={[{ required: true, message: t('errors:validation.required') }]}>
                  <TimePicker format="HH:mm" style={{ width: '100%' }} data-testid="request-time" />
                </Form.Item>
              )}
            </Col>
          </Row>
          {kind === 'move_punch' && (
            <Form.Item
              name="punch_id"
              label={t('requests.punch')}
              extra={date && !punches.isFetching && (punches.data ?? []).length === 0 ? t('requests.no_punches') : undefined}
              rules={[{ required: true, message: t('errors:validation.required') }]}
            >
              <Select
                data-testid="request-punch"
                disabled={!date}
                placeholder={date ? undefined : t('requests.date_first')}
                loading={punches.isFetching}
                options={(punches.data ?? []).map((p) => ({ value: p.id, label: p.time.slice(0, 5) }))}
                style={{ maxWidth: 320 }}
              />
            </Form.Item>
          )}
          <Form.Item
            name="reason"
            label={t('fields.reason')}
            rules={[
              { required: true, whitespace: true, message: t('errors:validation.required') },
              { max: 2000, message: t('errors:validation.max', { max: 2000 }) },
            ]}
          >
            <Input.TextArea rows={2} maxLength={2000} data-testid="request-reason" />
          </Form.Item>
          <Form.Item label={t('fields.attachment')} validateStatus={fileError ? 'error' : undefined} help={<span id={fileHelp}>{fileError ?? t('requests.attachment_help')}</span>}>
            <Upload
              accept={ATTACHMENT_ACCEPT}
              maxCount={1}
              fileList={file ? [{ uid: 'attachment', name: file.name, status: 'done' }] : []}
              beforeUpload={(f) => {
                const problem = attachmentProblem(f);
                if (problem) {
                  setFileError(t(problem === 'type' ? 'errors:leave.attachment_type' : 'requests.attachment_too_large'));
                } else {
                  setFile(f);
                  setFileError(null);
                }
                return false;
              }}
              onRemove={() => {
                setFile(null);
                return true;
              }}
            >
              <Button icon={<UploadOutlined />} aria-describedby={fileHelp} aria-invalid={fileError ? true : undefined} data-testid="request-attachment-input">
                {t('requests.choose_file')}
              </Button>
            </Upload>
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="request-submit">
            {t('requests.send')}
          </Button>
        </Form>
      </Card>
      <Card title={t('requests.mine')}>
        {mine.isError ? (
          <QueryError error={mine.error} onRetry={() => mine.refetch()} />
        ) : (
          <ResponsiveTable<CorrectionRequest>
            rowKey="id"
            columns={columns}
            dataSource={mine.data ?? []}
            loading={mine.isFetching}
            pagination={false}
            expandable={{
              expandedRowRender: (r) => (
                <>
                  <AttachmentLink url={r.attachment_url} name={r.attachment_name} />
                  <TimelineList steps={r.timeline} />
                </>
              ),
              rowExpandable: (r) => r.timeline.length > 0 || !!r.attachment_url,
            }}
            locale={{ emptyText: t('requests.empty') }}
            data-testid="my-requests"
          />
        )}
      </Card>
    </>
  );
}
