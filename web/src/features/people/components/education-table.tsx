import { useState } from 'react';
import { App, Button, Col, Form, Modal, Popconfirm, Row, Space, Table } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDeleteEducation, useSaveArea } from '../api/people';
import type { EducationRecord, PeopleFace } from '../api/faces';
import { AREA_FIELDS, toFormValues, toRequestFields } from './area-fields';
import { AreaFieldItem } from './area-form';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';

/** The education rows of a person: a table with add, edit and delete. */
export function EducationTable({ face, personId, rows }: { face: PeopleFace; personId: number; rows: EducationRecord[] }) {
  const { t } = useTranslation(['people', 'common', 'errors']);
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [editing, setEditing] = useState<EducationRecord | null>(null);
  const [open, setOpen] = useState(false);
  const save = useSaveArea(face);
  const remove = useDeleteEducation(face);
  const fields = AREA_FIELDS.education;

  const openForm = (row: EducationRecord | null) => {
    setEditing(row);
    form.resetFields();
    form.setFieldsValue(toFormValues(fields, row as unknown as Record<string, unknown>));
    setOpen(true);
  };

  const onFinish = (values: Record<string, unknown>) =>
    save.mutate(
      { personId, area: 'education', recordId: editing?.id, fields: toRequestFields(fields, values) },
      {
        onSuccess: () => {
          message.success(t('common:messages.saved'));
          setOpen(false);
        },
        onError: (e) => {
          if (!applyServerErrors(form, e, t)) message.error(translateApiError(t, e));
        },
      },
    );

  return (
    <>
      <Button icon={<PlusOutlined />} onClick={() => openForm(null)} style={{ marginBottom: 12 }} data-testid="education-add">
        {t('education.add')}
      </Button>
      <Table<EducationRecord>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: t('fields.school'), dataIndex: 'school' },
          { title: t('fields.degree'), dataIndex: 'degree' },
          { title: t('fields.field_of_study'), dataIndex: 'field_of_study' },
          { title: t('fields.grade'), dataIndex: 'grade' },
          { title: t('fields.from'), dataIndex: 'from' },
          { title: t('fields.to'), dataIndex: 'to' },
          {
            key: 'actions',
            title: t('common:actions.actions'),
            render: (_, row) => (
              <Space>
                <Button size="small" icon={<EditOutlined />} aria-label={t('common:actions.edit')} onClick={() => openForm(row)} />
                <Popconfirm
                  title={t('education.delete_confirm')}
                  okText={t('common:actions.delete')}
                  cancelText={t('common:actions.cancel')}
                  onConfirm={() =>
                    remove.mutateAsync({ personId, recordId: row.id }).then(
                      () => message.success(t('common:messages.deleted')),
                      (e) => message.error(translateApiError(t, e)),
                    )
                  }
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common:actions.delete')} />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={open}
        title={editing ? t('education.edit') : t('education.add')}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText={t('common:actions.save')}
        cancelText={t('common:actions.cancel')}
        confirmLoading={save.isPending}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={onFinish}>
          <Row gutter={16}>
            {fields.map((f) => (
              <Col key={f.name} xs={24} md={12}>
                <AreaFieldItem field={f} testPrefix="education" />
              </Col>
            ))}
          </Row>
        </Form>
      </Modal>
    </>
  );
}
