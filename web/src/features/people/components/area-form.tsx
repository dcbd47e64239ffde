import { useEffect, useMemo } from 'react';
import { App, Button, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import { useSaveArea } from '../api/people';
import type { PeopleFace, RecordArea } from '../api/faces';
import { usePositionOptions } from '../api/positions';
import { PersonPicker } from './person-picker';
import { areaFields, CODE_LISTS, toFormValues, toRequestFields, type AreaField } from './area-fields';
import { useFormRules } from '../../../lib/form-rules';
import { hasPermission } from '../../../lib/session';
import { useSession } from '../../../lib/use-session';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import { refLabel, useCompanyTypeRef, useMaritalRef, useRelationRef } from '../../../lib/reference-api';

export const DECIMAL_RE = /^\d{1,10}(\.\d{1,2})?$/;
export const NRIC_RE = /^\d{6}-?\d{2}-?\d{4}$/;

/** Date fields keep YYYY-MM-DD strings in the form; the picker works on dayjs values. */
export const dateItemProps = {
  getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v) : undefined }),
  normalize: (d: dayjs.Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined),
};

/** What the manager field needs of the form it is in. */
export interface ManagerContext {
  orgKind: 'school' | 'company';
  personId: number;
  managerName?: string;
}

/** One field of an area form, by its type. */
export function AreaFieldItem({ field, testPrefix, manager }: { field: AreaField; testPrefix: string; manager?: ManagerContext }) {
  const { t } = useTranslation(['people', 'errors', 'ref']);
  const rules = useFormRules();
  const relations = useRelationRef();
  const marital = useMaritalRef();
  const states = useCompanyTypeRef();
  const positions = usePositionOptions(field.type === 'position');
  const label = t(`fields.${field.name}`);
  const testId = `${testPrefix}-${field.name}`;
  const r = [
    ...(field.required ? [rules.required()] : []),
    ...(field.max && field.type !== 'int' ? [rules.max(field.max)] : []),
  ];
  switch (field.type) {
    case 'date':
      return (
        <Form.Item name={field.name} label={label} {...dateItemProps}>
          <DatePicker style={{ width: '100%' }} data-testid={testId} />
        </Form.Item>
      );
    case 'code':
      return (
        <Form.Item name={field.name} label={label}>
          <Select
            allowClear
            data-testid={testId}
            options={CODE_LISTS[field.list!].map((c) => ({ value: c, label: t(`codes.${field.list}.${c}`) }))}
          />
        </Form.Item>
      );
    case 'ref': {
      const items =
        field.list === 'relation' ? relations.data : field.list === 'marital' ? marital.data : states.data?.states;
      return (
        <Form.Item name={field.name} label={label}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            data-testid={testId}
            options={(items ?? []).map((i) => ({
              value: i.id,
              label: field.list === 'state' ? i.name : refLabel(t, field.list as 'relation' | 'marital', i),
            }))}
          />
        </Form.Item>
      );
    }
    case 'position': {
      const list = positions.data?.data ?? [];
      // Schools have no positions: the free text position code is enough there.
      if (!list.length) return null;
      return (
        <Form.Item name={field.name} label={label}>
          <Select allowClear data-testid={testId} options={list.map((p) => ({ value: p.id, label: p.name }))} />
        </Form.Item>
      );
    }
    case 'manager':
      if (!manager) return null;
      return (
        <Form.Item name={field.name} label={label} tooltip={t('reporting.manager_help')}>
          <PersonPicker
            orgKind={manager.orgKind}
            exclude={manager.personId}
            currentName={manager.managerName}
            data-testid={testId}
          />
        </Form.Item>
      );
    case 'int':
      return (
        <Form.Item name={field.name} label={label}>
          <InputNumber min={0} max={field.max} precision={0} style={{ width: '100%' }} data-testid={testId} />
        </Form.Item>
      );
    case 'decimal':
      return (
        <Form.Item name={field.name} label={label} rules={[{ pattern: DECIMAL_RE, message: t('errors:validation.decimal') }]}>
          <Input inputMode="decimal" data-testid={testId} />
        </Form.Item>
      );
    case 'nric':
      return (
        <Form.Item name={field.name} label={label} rules={[{ pattern: NRIC_RE, message: t('errors:validation.nric') }]}>
          <Input placeholder="YYMMDD-PB-###G" data-testid={testId} />
        </Form.Item>
      );
    case 'switch':
      return (
        <Form.Item name={field.name} label={label} valuePropName="checked">
          <Switch data-testid={testId} />
        </Form.Item>
      );
    case 'textarea':
      return (
        <Form.Item name={field.name} label={label} rules={r}>
          <Input.TextArea rows={3} maxLength={field.max} showCount data-testid={testId} />
        </Form.Item>
      );
    default:
      return (
        <Form.Item name={field.name} label={label} rules={r}>
          <Input maxLength={field.max} data-testid={testId} />
        </Form.Item>
      );
  }
}

interface AreaFormProps {
  face: PeopleFace;
  personId: number;
  area: Exclude<RecordArea, 'education'>;
  record: Record<string, unknown> | null | undefined;
  /** The job area's read-only group (set on the Groups screen); null when in none. */
  group?: { id: number; name: string } | null;
}

/** The person's group today, read-only, with a link to the Groups screen where it is set. */
function GroupItem({ face, group }: { face: PeopleFace; group: { id: number; name: string } | null }) {
  const { t } = useTranslation('people');
  const session = useSession();
  return (
    <Form.Item label={t('fields.group')} tooltip={t('job.group_help')}>
      <Space wrap>
        {group ? (
          <Typography.Text data-testid="job-group">{group.name}</Typography.Text>
        ) : (
          <Typography.Text type="secondary" data-testid="job-group">{t('job.no_group')}</Typography.Text>
        )}
        {hasPermission(session, face.groupPermission) && (
          <Link to={face.groupRoute} data-testid="job-group-link">
            {t('job.open_groups')}
          </Link>
        )}
      </Space>
    </Form.Item>
  );
}

/** A single-record area (contact, personal, job, payroll, family): load, edit, save. */
export function AreaForm({ face, personId, area, record, group }: AreaFormProps) {
  const { t } = useTranslation(['people', 'common', 'errors']);
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const save = useSaveArea(face);
  const fields = useMemo(() => areaFields(area, face.orgKind), [area, face.orgKind]);
  const managerContext: ManagerContext = {
    orgKind: face.orgKind,
    personId,
    managerName: (record?.manager as { name?: string } | undefined)?.name,
  };

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toFormValues(fields, record));
  }, [record, fields, form]);

  const onFinish = (values: Record<string, unknown>) =>
    save.mutate(
      { personId, area, recordId: (record?.id as number | undefined) || undefined, fields: toRequestFields(fields, values) },
      {
        onSuccess: () => message.success(t('common:messages.saved')),
        onError: (e) => {
          if (!applyServerErrors(form, e, t)) message.error(translateApiError(t, e));
        },
      },
    );

  return (
    <Form form={form} layout="vertical" onFinish={onFinish}>
      {group !== undefined && <GroupItem face={face} group={group} />}
      <Row gutter={16}>
        {fields.map((f) => (
          <Col key={f.name} xs={24} md={f.type === 'textarea' ? 24 : 12}>
            <AreaFieldItem field={f} testPrefix={area} manager={managerContext} />
          </Col>
        ))}
      </Row>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid={`${area}-submit`}>
        {t('common:actions.save')}
      </Button>
    </Form>
  );
}
