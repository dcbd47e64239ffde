import { useState } from 'react';
import { App, Button, Tooltip, type ButtonProps } from 'antd';
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { downloadPersonalData, useErasePerson } from '../api/people';
import type { PeopleFace, Person } from '../api/faces';
import { saveBlob } from '../../../lib/download';
import { translateApiError } from '../../../lib/form-errors';

interface Props {
  face: PeopleFace;
  person: Person;
  /** A leaver (archived): erasure is offered too. */
  leaver?: boolean;
}

/** Personal-data duties on one person: export everything as a zip; erase a leaver after a confirmation. */
export function PersonalDataButtons({ face, person, leaver = false }: Props) {
  const { t } = useTranslation(['people', 'common', 'errors']);
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState(false);
  const erase = useErasePerson(face);

  const exportData = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await downloadPersonalData(person.id);
      saveBlob(blob, fileName);
    } catch (e) {
      message.error(translateApiError(t, e));
    } finally {
      setBusy(false);
    }
  };

  const confirmErase = () =>
    modal.confirm({
      title: t('privacy.erase_title', { name: person.name }),
      content: t('privacy.erase_body'),
      okText: t('privacy.erase'),
      okButtonProps: { danger: true, 'data-testid': 'erase-confirm' } as ButtonProps,
      cancelText: t('common:actions.cancel'),
      onOk: () =>
        erase.mutateAsync(person.id).then(
          (r) => void message.success(t('privacy.erased', { code: r.code })),
          (e) => void message.error(translateApiError(t, e)),
        ),
    });

  return (
    <>
      <Tooltip title={t('privacy.export')}>
        <Button
          size="small"
          icon={<DownloadOutlined />}
          aria-label={t('privacy.export')}
          loading={busy}
          onClick={() => void exportData()}
          data-testid={`personal-data-${person.code}`}
        />
      </Tooltip>
      {leaver && (
        <Tooltip title={t('privacy.erase')}>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('privacy.erase')}
            onClick={confirmErase}
            data-testid={`erase-${person.code}`}
          />
        </Tooltip>
      )}
    </>
  );
}
