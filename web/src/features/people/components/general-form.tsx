import { useEffect } from 'react';
import { App, Button, Col, DatePicker, Form, Input, Row, Select } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSaveGeneral, type GeneralInput } from '../api/people';
import { CODE_PATTERN, useCodeAvailability } from '../api/code-check';
import { useDepartments } from '../api/departments';
import type { PeopleFace, Person } from '../api/faces';
import { dateItemProps } from './area-form';
import { useFormRules } from '../../../lib/form-rules';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';

interface Props {
  face: PeopleFace;
  person?: Person;
  onSaved: (p: Person) => void;
}

/** General details: create a person or update them, with a live unique-code check. */
export function GeneralForm({ face, person, onSaved }: Props) {
  const { t } = useTranslation(['people', 'common', 'errors']);
  const rules = useFormRules();
  const { message } = App.useApp();
  const [form] = Form.useForm<GeneralInput>();
  const save = useSaveGeneral(face);
  const code = Form.useWatch('code', form);
  const availability = useCodeAvailability(face, code, person?.id, person?.code);
  const departments = useDepartments({ page: 1, size: 150 }, face.orgKind === 'company');

  useEffect(() => {
    form.resetFields();
    if (person) {
      form.setFieldsValue({
        code: person.code,
        first_name: person.first_name,
        last_name: person.last_name,
        email: person.email,
        join_date: person.join_date || undefined,
        leaving_date: person.leaving_date || undefined,
        department_id: person.department_id ?? undefined,
      });
    }
  }, [person, form]);

  const onFinish = (values: GeneralInput) =>
    save.mutate(
      { ...values, id: person?.id, email: values.email ?? '', last_name: values.last_name ?? '', join_date: values.join_date ?? '', leaving_date: values.leaving_date ?? '' },
      {
        onSuccess: (p) => {
          message.success(t('common:messages.saved'));
          onSaved(p);
        },
        onError: (e) => {
          const shown = applyServerErrors(form, e, t);
          if (e instanceof ApiError && e.status === 409) {
            form.setFields([{ name: 'code', errors: [translateApiError(t, e)] }]);
          } else if (!shown) message.error(translateApiError(t, e));
        },
      },
    );

  const taken = availability.status === 'taken';
  return (
    <Form form={form} layout="vertical" onFinish={onFinish}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="code"
            label={t('fields.code')}
            rules={[rules.required(), { pattern: CODE_PATTERN, message: t('errors:validation.code') }]}
            validateStatus={taken ? 'error' : availability.status === 'checking' ? 'validating' : undefined}
            help={taken ? t('errors:people.code_taken') : undefined}
            hasFeedback={availability.status !== 'idle'}
          >
            <Input
              maxLength={20}
              data-testid="person-code"
              suffix={availability.status === 'available' ? <CheckCircleOutlined style={{ color: '#52c41a' }} aria-label={t('general.code_available')} /> : undefined}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" label={t('fields.email')} rules={[rules.email()]} extra={!person ? t('general.email_hint') : undefined}>
            <Input data-testid="person-email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="first_name" label={t('fields.first_name')} rules={[rules.required(), rules.max(100)]}>
            <Input data-testid="person-first-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="last_name" label={t('fields.last_name')} rules={[rules.max(100)]}>
            <Input data-testid="person-last-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="join_date" label={t('fields.join_date')} {...dateItemProps}>
            <DatePicker style={{ width: '100%' }} data-testid="person-join-date" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="leaving_date" label={t('fields.leaving_date')} extra={t('fields.leaving_date_help')} {...dateItemProps}>
            <DatePicker style={{ width: '100%' }} data-testid="person-leaving-date" />
          </Form.Item>
        </Col>
        {face.orgKind === 'company' && (
          <Col xs={24} md={12}>
            <Form.Item name="department_id" label={t('fields.department')}>
              <Select
                allowClear
                data-testid="person-department"
                options={(departments.data?.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
              />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Button type="primary" htmlType="submit" loading={save.isPending} disabled={taken} data-testid="person-submit">
        {person ? t('common:actions.save') : t('general.create')}
      </Button>
    </Form>
  );
}
