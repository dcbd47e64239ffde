import { useState } from 'react';
import { Drawer, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePersonDetails } from '../api/people';
import { RECORD_AREAS, type PeopleFace, type Person } from '../api/faces';
import { uploadInChunks } from '../../../lib/chunked-upload';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { GeneralForm } from './general-form';
import { AreaForm } from './area-form';
import { EducationTable } from './education-table';
import { ImageUpload } from './image-upload';

interface Props {
  face: PeopleFace;
  /** The person being edited; undefined creates a new one. */
  personId?: number;
  open: boolean;
  onClose: () => void;
}

/** Create a person (general tab only) or edit every record area in tabs. */
export function PersonDrawer({ face, personId, open, onClose }: Props) {
  const { t } = useTranslation(['people', 'common']);
  const [createdId, setCreatedId] = useState<number | undefined>();
  const id = personId ?? createdId;
  const details = usePersonDetails(face, open ? id : undefined);
  const [tab, setTab] = useState('general');

  const close = () => {
    setCreatedId(undefined);
    setTab('general');
    onClose();
  };

  let body;
  if (!id) {
    body = <GeneralForm face={face} onSaved={(p: Person) => setCreatedId(p.id)} />;
  } else if (details.isError) {
    body = <QueryError error={details.error} onRetry={() => details.refetch()} />;
  } else if (!details.data) {
    body = <PageLoader />;
  } else {
    const d = details.data;
    body = (
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          {
            key: 'general',
            label: <span data-testid="tab-general">{t('areas.general')}</span>,
            children: (
              <>
                <div style={{ marginBottom: 16 }}>
                  <ImageUpload
                    key={d.general.image_url}
                    imageUrl={d.general.image_url}
                    upload={(file, onProgress) =>
                      uploadInChunks(face.api.image, file, { fields: { [face.idName]: id }, onProgress }).then((url) => {
                        void details.refetch();
                        return url;
                      })
                    }
                  />
                </div>
                <GeneralForm face={face} person={d.general} onSaved={() => void details.refetch()} />
              </>
            ),
          },
          ...RECORD_AREAS.map((area) => ({
            key: area,
            label: <span data-testid={`tab-${area}`}>{t(`areas.${area}`)}</span>,
            children:
              area === 'education' ? (
                <EducationTable face={face} personId={id} rows={d.education ?? []} />
              ) : (
                <AreaForm
                  face={face}
                  personId={id}
                  area={area}
                  record={d[area] as Record<string, unknown> | null | undefined}
                  group={area === 'job' ? (d.group ?? null) : undefined}
                />
              ),
          })),
        ]}
      />
    );
  }

  return (
    <Drawer
      open={open}
      onClose={close}
      size={820}
      title={id ? t('drawer.edit', { name: details.data?.general.name ?? '' }) : t(`kinds.${face.kind}.create`)}
      destroyOnHidden
      data-testid="person-drawer"
    >
      {body}
    </Drawer>
  );
}
