import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Modal, Space, Typography } from 'antd';

const NAMESPACES = ['integrations', 'common'];


// What a secret-once dialog shows after the server made the thing: the secret, a warning that
// it is never shown again, and how to use it.
export interface ShownSecret {
  secret: string;
  testId: string;
  warning: string;
  help: ReactNode;
}

// SecretOnceModal is the dialog of everything created with a secret that is shown once (API
// tokens, webhooks): the form until the server answers, then the secret with its warning and
// a Done button in place of Save and Cancel.
export function SecretOnceModal({
  open,
  title,
  onClose,
  onSubmit,
  pending,
  submitTestId,
  shown,
  afterOpenChange,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  pending: boolean;
  submitTestId: string;
  shown: ShownSecret | null;
  afterOpenChange?: (opened: boolean) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(NAMESPACES);
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => (shown ? onClose() : onSubmit())}
      okText={shown ? t('tokens.done') : t('common:actions.save')}
      cancelButtonProps={shown ? { style: { display: 'none' } } : undefined}
      cancelText={t('common:actions.cancel')}
      confirmLoading={pending}
      okButtonProps={{ 'data-testid': submitTestId } as Record<string, string>}
      forceRender
      afterOpenChange={afterOpenChange}
    >
      {shown ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert type="warning" showIcon title={shown.warning} />
          <Typography.Paragraph copyable={{ text: shown.secret }} code data-testid={shown.testId} style={{ wordBreak: 'break-all' }}>
            {shown.secret}
          </Typography.Paragraph>
          {shown.help}
        </Space>
      ) : (
        children
      )}
    </Modal>
  );
}
