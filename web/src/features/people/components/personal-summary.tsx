import { Card, Descriptions } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';
import type { DataEnvelope } from '../../../lib/api-schemas';
import type { components } from '../../../lib/api-types';
import { uploadInChunks } from '../../../lib/chunked-upload';
import { ImageUpload } from './image-upload';
import { NotLinkedNotice } from '../../../components/not-linked';

type ProfileSummary = components['schemas']['ProfileSummary'];

const SUMMARY_KEY = ['personal', 'summary'] as const;

/** The linked person of the signed-in account (code, kind, organisation) and their own image. */
export default function PersonalSummary() {
  const { t } = useTranslation(['people', 'common']);
  const qc = useQueryClient();
  const summary = useQuery({
    queryKey: SUMMARY_KEY,
    queryFn: ({ signal }) =>
      api.get<DataEnvelope<ProfileSummary>>('/api/school/personal/profile/summary', undefined, signal).then((r) => r.data),
  });
  const person = summary.data?.person;
  if (!summary.data) return null;
  return (
    <Card style={{ maxWidth: 640, marginBottom: 16 }} title={t('personal.title')} data-testid="personal-summary">
      {person ? (
        <>
          <div style={{ marginBottom: 16 }}>
            <ImageUpload
              key={person.image_url}
              imageUrl={person.image_url}
              testId="own-image"
              upload={(file, onProgress) =>
                uploadInChunks('/api/school/personal/profile/image', file, { onProgress }).then((url) => {
                  void qc.invalidateQueries({ queryKey: SUMMARY_KEY });
                  return url;
                })
              }
            />
          </div>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('fields.name')}>
              <span data-testid="personal-name">{person.name}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.code')}>
              <span data-testid="personal-code">{person.code}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('personal.kind')}>{t(`kinds.${person.kind}.one`)}</Descriptions.Item>
            <Descriptions.Item label={t('personal.organisation')}>{summary.data.org.name}</Descriptions.Item>
          </Descriptions>
        </>
      ) : (
        <div data-testid="personal-unlinked">
          <NotLinkedNotice compact />
        </div>
      )}
    </Card>
  );
}
