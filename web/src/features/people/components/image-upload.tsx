import { useRef, useState } from 'react';
import { Alert, Avatar, Button, Progress, Space } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UploadProgress } from '../../../lib/chunked-upload';
import { translateApiError } from '../../../lib/form-errors';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

interface Props {
  imageUrl?: string;
  /** Sends the file; resolves with the new image URL. */
  upload: (file: File, onProgress: (p: UploadProgress) => void) => Promise<string>;
  testId?: string;
}

/** The profile image with a chunked upload and a progress bar per chunk. */
export function ImageUpload({ imageUrl, upload, testId = 'image-upload' }: Props) {
  const { t } = useTranslation(['people', 'errors']);
  const input = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState(imageUrl);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > MAX_IMAGE_BYTES) {
      setError(t('errors:upload.too_large'));
      return;
    }
    setPercent(0);
    try {
      const next = await upload(file, (p) => setPercent(p.percent));
      setUrl(next);
    } catch (e) {
      setError(translateApiError(t, e));
    } finally {
      setPercent(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        <Avatar size={72} src={url || undefined} icon={<UserOutlined />} data-testid={`${testId}-avatar`} />
        <Button icon={<UploadOutlined />} loading={percent !== null} onClick={() => input.current?.click()}>
          {t('image.upload')}
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          data-testid={`${testId}-input`}
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
      </Space>
      {percent !== null && <Progress percent={percent} size="small" data-testid={`${testId}-progress`} />}
      {error && <Alert type="error" showIcon title={error} data-testid={`${testId}-error`} />}
    </Space>
  );
}
