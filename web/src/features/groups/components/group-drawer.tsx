import { Descriptions, Drawer, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Group, GroupFace } from '../api/faces';
import { MembersTab } from './members-tab';
import { ScheduleEditor } from './schedule-editor';

/** A group's detail: times, the weekly schedule editor, members and non-members. */
export function GroupDrawer({ face, group, canEdit, onClose }: { face: GroupFace; group: Group | null; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation(['groups']);
  return (
    <Drawer open={!!group} onClose={onClose} size={820} title={group ? t('detail.title', { name: group.name }) : ''} destroyOnHidden data-testid="group-drawer">
      {group && (
        <>
          <Descriptions size="small" column={4} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('fields.time_in')}>{group.time_in}</Descriptions.Item>
            <Descriptions.Item label={t('fields.cut_off_time_in')}>{group.cut_off_time_in}</Descriptions.Item>
            <Descriptions.Item label={t('fields.time_out')}>{group.time_out}</Descriptions.Item>
            <Descriptions.Item label={t('fields.cut_off_time_out')}>{group.cut_off_time_out}</Descriptions.Item>
            <Descriptions.Item label={t('fields.after_cut_off')}>{t(group.late_after_cut_off ? 'after_cut_off.late' : 'after_cut_off.absent')}</Descriptions.Item>
            <Descriptions.Item label={t('fields.overtime_threshold')}>{group.overtime_threshold_minutes}</Descriptions.Item>
            <Descriptions.Item label={t('fields.overtime_approval')}>
              {t(group.overtime_needs_approval ? 'overtime_approval.required' : 'overtime_approval.none')}
            </Descriptions.Item>
          </Descriptions>
          <Tabs
            items={[
              {
                key: 'schedule',
                label: <span data-testid="group-tab-schedule">{t('detail.schedule')}</span>,
                children: <ScheduleEditor face={face} groupId={group.id} canEdit={canEdit} />,
              },
              {
                key: 'members',
                label: <span data-testid="group-tab-members">{t('detail.members')}</span>,
                children: <MembersTab face={face} groupId={group.id} inside canEdit={canEdit} />,
              },
              {
                key: 'not-members',
                label: <span data-testid="group-tab-not-members">{t('detail.not_members')}</span>,
                children: <MembersTab face={face} groupId={group.id} inside={false} canEdit={canEdit} />,
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
