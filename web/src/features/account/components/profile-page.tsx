import type { ReactNode } from 'react';
import { App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUpdateUser } from '../api/update-user';
import { useSession } from '../../../lib/use-session';
import { useFormRules } from '../../../lib/form-rules';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import { PageHeader } from '../../../components/page-header';
import type { UserUpdateRequest } from '../../../lib/api-schemas';

/** The account profile; `extra` (e.g. the linked person's summary) shows above the form. */
export default function ProfilePage({ extra }: { extra?: ReactNode } = {}) {
  const { t } = useTranslation(['account', 'common']);
  const rules = useFormRules();
  const { message } = App.useApp();
  const session = useSession();
  const user = session?.user;
  const [form] = Form.useForm<UserUpdateRequest>();
  const email = Form.useWatch('email', form);
  const emailChanged = !!email && email !== user?.email;
  const update = useUpdateUser();

  const onFinish = (values: UserUpdateRequest) => {
    const body: UserUpdateRequest = { ...values };
    if (!emailChanged) {
      delete body.email;
      delete body.current_password;
    }
    update.mutate(body, {
      onSuccess: () => {
        message.success(t('common:messages.saved'));
        form.setFieldValue('current_password', undefined);
      },
      onError: (e) => {
        if (!applyServerErrors(form, e, t)) message.error(translateApiError(t, e));
      },
    });
  };

  return (
    <>
      <PageHeader title={t('profile.title')} />
      {extra}
      <Card style={{ maxWidth: 640 }}>
        <Form
          form={form}
          layout="vertical"
          onFinish={onFinish}
          initialValues={{
            name: user?.name ?? session?.name,
            username: user?.username ?? '',
            email: user?.email ?? session?.email,
            bio: user?.bio ?? '',
            image: user?.image ?? '',
          }}
        >
          <Form.Item name="name" label={t('fields.name')} rules={[rules.nameRequired()]}>
            <Input />
          </Form.Item>
          <Form.Item name="username" label={t('fields.username')}>
            <Input />
          </Form.Item>
          <Form.Item name="email" label={t('fields.email')} rules={[rules.emailRequired(), rules.email()]}>
            <Input />
          </Form.Item>
          {emailChanged && (
            <Form.Item name="current_password" label={t('fields.current_password')} rules={[rules.passwordRequired()]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
          )}
          <Form.Item name="bio" label={t('fields.bio')}>
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
          <Form.Item name="image" label={t('fields.image')} rules={[{ type: 'url', message: t('errors:validation.invalid') }]}>
            <Input placeholder="https://" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="profile-submit">
            {t('common:actions.save')}
          </Button>
        </Form>
      </Card>
    </>
  );
}
