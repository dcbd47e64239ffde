// The approval chain editor of a leave or away type, or of the organisation's attendance
// corrections (issue 12): ordered levels, each the
// applicant's manager, the department head, the admins or one named person. A level whose
// approver would be the applicant, or is nobody, is skipped and the skip shows on the
// application's timeline; no levels at all means the default, the admins.
import { useEffect, useState } from 'react';
import { Alert, App, Button, List, Modal, Select, Space, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../../lib/form-errors';
import { QueryError } from '../../../components/query-error';
import {
  fromDrafts,
  LEVEL_KINDS,
  MAX_LEVELS,
  toDrafts,
  useApprovalChain,
  useSaveApprovalChain,
  type ChainKind,
  type LevelDraft,
  type LevelKind,
} from '../api/approval-chain';
import { personFace, type OrgKind } from '../api/faces';
import { PersonPicker } from './person-picker';

/**
 * The chain of what `type` names (open while it is set): a leave or away type, or, for kind
 * attendance_correction, the organisation's one chain (id 0). In a school the named-person
 * level searches teachers and staff alike.
 */
export function ChainModal({ org, kind, type, onClose }: { org: OrgKind; kind: ChainKind; type: { id: number; type: string } | null; onClose: () => void }) {
  const { t } = useTranslation(['leave', 'common', 'errors']);
  const { message } = App.useApp();
  const typeId = type?.id ?? 0;
  const chain = useApprovalChain(kind, typeId, !!type);
  const save = useSaveApprovalChain(kind, typeId);
  const [levels, setLevels] = useState<LevelDraft[]>([]);
  const faceKind = kind === 'attendance_correction' || kind === 'overtime' ? 'leave' : kind; // the face is only for finding people
  const face = personFace(faceKind, org === 'company' ? 'employee' : 'teacher');
  const staffFace = org === 'school' ? personFace(faceKind, 'staff') : undefined;

  useEffect(() => {
    if (chain.data) setLevels(toDrafts(chain.data.levels));
  }, [chain.data]);

  const update = (i: number, l: LevelDraft) => setLevels((ls) => ls.map((x, j) => (j === i ? l : x)));
  const move = (i: number, by: number) =>
    setLevels((ls) => {
      const out = [...ls];
      [out[i], out[i + by]] = [out[i + by], out[i]];
      return out;
    });

  const onSave = () =>
    save.mutate(fromDrafts(levels), {
      onSuccess: () => {
        message.success(t('common:messages.saved'));
        onClose();
      },
      onError: (e) => message.error(translateApiError(t, e)),
    });

  return (
    <Modal
      open={!!type}
      title={t('chain.title', { name: type?.type ?? '' })}
      onCancel={onClose}
      onOk={onSave}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'chain-submit' } as Record<string, string>}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t(kind === 'attendance_correction' ? 'chain.help_corrections' : kind === 'overtime' ? 'chain.help_overtime' : 'chain.help')}</Typography.Paragraph>
      {chain.isError ? (
        <QueryError error={chain.error} onRetry={() => chain.refetch()} />
      ) : (
        <>
          {levels.length === 0 && <Alert type="info" showIcon title={t('chain.default')} style={{ marginBottom: 12 }} />}
          <List
            data-testid="chain-levels"
            dataSource={levels}
            loading={chain.isLoading}
            renderItem={(l, i) => (
              <List.Item key={i}>
                <Space wrap style={{ width: '100%' }}>
                  <Typography.Text strong>{t('chain.level', { n: i + 1 })}</Typography.Text>
                  <Select<LevelKind>
                    value={l.kind}
                    aria-label={t('chain.level', { n: i + 1 })}
                    data-testid={`chain-level-${i}`}
                    style={{ minWidth: 200 }}
                    onChange={(k) => update(i, { kind: k })}
                    options={LEVEL_KINDS.map((k) => ({ value: k, label: t(`chain.kinds.${k}`) }))}
                  />
                  {l.kind === 'person' && (
                    <>
                      {l.personId && !chain.isFetching && <Typography.Text type="secondary">{t('chain.person_id', { id: l.personId })}</Typography.Text>}
                      <PersonPicker
                        face={face}
                        alsoFace={staffFace}
                        value={l.personId}
                        testId={`chain-person-${i}`}
                        style={{ minWidth: 220 }}
                        onChange={(v) => update(i, { kind: 'person', personId: typeof v === 'number' ? v : undefined })}
                      />
                    </>
                  )}
                  <Button size="small" icon={<ArrowUpOutlined />} aria-label={t('chain.up')} disabled={i === 0} onClick={() => move(i, -1)} />
                  <Button size="small" icon={<ArrowDownOutlined />} aria-label={t('chain.down')} disabled={i === levels.length - 1} onClick={() => move(i, 1)} />
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('chain.remove')}
                    onClick={() => setLevels((ls) => ls.filter((_, j) => j !== i))}
                  />
                </Space>
              </List.Item>
            )}
          />
          <Button
            icon={<PlusOutlined />}
            disabled={levels.length >= MAX_LEVELS}
            onClick={() => setLevels((ls) => [...ls, { kind: 'manager' }])}
            data-testid="chain-add"
            style={{ marginTop: 8 }}
          >
            {t('chain.add')}
          </Button>
        </>
      )}
    </Modal>
  );
}
