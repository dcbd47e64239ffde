// A device's detail: its state card (last seen, address, firmware, info, counters), the
// enrolment lists per kind of person, and the synchronisation with its command results.
import { Card, Col, Descriptions, Drawer, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Device, DeviceFace, EnrolKind } from '../api/faces';
import { useDevice } from '../api/devices';
import { freeSpace, reported } from '../api/state';
import { backlogText, driftText } from '../api/health';
import { languageInfo } from '../../../lib/languages';
import { DeviceStateTag, formatSeen } from './device-state';
import { EnrolmentTab } from './enrolment-tab';
import { SyncPanel } from './sync-panel';
import { AccessEventsTab } from './access-events-tab';
import { SectionTabs } from '../../../components/section-tabs';

const DEVICE_REFRESH_MS = 10_000;

function StateCard({ device }: { device: Device }) {
  const { t, i18n } = useTranslation('devices');
  return (
    <Card size="small" style={{ marginBottom: 12 }} data-testid="device-state-card">
      <Descriptions size="small" column={2}>
        <Descriptions.Item label={t('fields.state')}>
          <DeviceStateTag lastSeen={device.last_seen} health={device.health} enabled={device.enabled} showSeen={false} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.last_seen')}>
          <span data-testid="device-card-last-seen">{device.last_seen ? formatSeen(device.last_seen) : t('state.never')}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.code')}>{device.code}</Descriptions.Item>
        <Descriptions.Item label={t('fields.last_ip')}>{device.last_ip || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.model')}>{device.model || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.firmware')}>
          <span data-testid="device-card-firmware">{device.firmware || '—'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.push_version')}>{device.push_version || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('health.drift')}>
          <span data-testid="device-card-drift">{driftText(t, device.clock_drift, languageInfo(i18n.language).html)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('health.backlog')}>
          <span data-testid="device-card-backlog">{backlogText(t, device.backlog_commands, device.backlog_punches)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.logs_on_device')}>
          <span data-testid="device-card-log-count">{reported(device.log_count)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.holds')} span={2}>
          <span data-testid="device-card-holds">
            {t('fields.holds_value', { users: reported(device.user_count), fingerprints: reported(device.fingerprint_count), faces: reported(device.face_count) })}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.free_space')} span={2}>
          <span data-testid="device-card-free">
            {t('fields.free_value', { users: freeSpace(device.user_count, device.user_capacity), logs: freeSpace(device.log_count, device.log_capacity) })}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.info')} span={2}>
          {device.info ? (
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }} ellipsis={{ rows: 3, expandable: true }}>
              {device.info}
            </Typography.Paragraph>
          ) : (
            '—'
          )}
        </Descriptions.Item>
      </Descriptions>
      <Row gutter={12}>
        <Col span={6}>
          <Statistic title={t('fields.enrolled')} value={device.enrolled} formatter={(v) => <span data-testid="device-card-enrolled">{v}</span>} />
        </Col>
        <Col span={6}>
          <Statistic title={t('fields.commands_pending')} value={device.commands_pending} formatter={(v) => <span data-testid="device-card-commands_pending">{v}</span>} />
        </Col>
        <Col span={6}>
          <Statistic
            title={t('fields.commands_failed')}
            value={device.commands_failed}
            styles={{ content: device.commands_failed ? { color: '#cf1322' } : undefined }}
          />
        </Col>
        <Col span={6}>
          <Statistic title={t('fields.punches')} value={device.punches} formatter={(v) => <span data-testid="device-card-punches">{v}</span>} />
        </Col>
      </Row>
    </Card>
  );
}

function EnrolTabs({ face, deviceId, kind, canEdit }: { face: DeviceFace; deviceId: number; kind: EnrolKind; canEdit: boolean }) {
  const { t } = useTranslation('devices');
  return (
    <SectionTabs
      size="small"
      ariaLabel={t(`detail.kind_${kind}`)}
      items={[
        {
          key: 'in',
          label: <span data-testid={`tab-${kind}-enrolled`}>{t('detail.enrolled')}</span>,
          children: <EnrolmentTab face={face} deviceId={deviceId} kind={kind} inside canEdit={canEdit} />,
        },
        {
          key: 'not',
          label: <span data-testid={`tab-${kind}-not-enrolled`}>{t('detail.not_enrolled')}</span>,
          children: <EnrolmentTab face={face} deviceId={deviceId} kind={kind} inside={false} canEdit={canEdit} />,
        },
      ]}
    />
  );
}

export function DeviceDrawer({ face, deviceId, canEdit, onClose }: { face: DeviceFace; deviceId: number | null; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const query = useDevice(face, deviceId ?? undefined, DEVICE_REFRESH_MS);
  const device = query.data;
  const single = face.kinds.length === 1;
  const enrolItems = single
    ? [
        {
          key: 'in',
          label: <span data-testid={`tab-${face.kinds[0].kind}-enrolled`}>{t('detail.enrolled')}</span>,
          children: device && <EnrolmentTab face={face} deviceId={device.id} kind={face.kinds[0].kind} inside canEdit={canEdit} />,
        },
        {
          key: 'not',
          label: <span data-testid={`tab-${face.kinds[0].kind}-not-enrolled`}>{t('detail.not_enrolled')}</span>,
          children: device && <EnrolmentTab face={face} deviceId={device.id} kind={face.kinds[0].kind} inside={false} canEdit={canEdit} />,
        },
      ]
    : face.kinds.map((k) => ({
        key: k.kind,
        label: <span data-testid={`tab-${k.kind}`}>{t(`detail.kind_${k.kind}`)}</span>,
        children: device && <EnrolTabs face={face} deviceId={device.id} kind={k.kind} canEdit={canEdit} />,
      }));

  return (
    <Drawer
      open={deviceId !== null}
      onClose={onClose}
      size={860}
      title={device ? t('detail.title', { name: device.name }) : ''}
      destroyOnHidden
      data-testid="device-drawer"
      loading={query.isLoading}
    >
      {device && (
        <>
          <StateCard device={device} />
          <SectionTabs
            ariaLabel={t('detail.sections')}
            items={[
              ...enrolItems,
              {
                key: 'sync',
                label: <span data-testid="tab-sync">{t('detail.sync')}</span>,
                children: <SyncPanel face={face} deviceId={device.id} canEdit={canEdit} />,
              },
            ]}
          />
          {/* Below the sections, not a fourth one: four crowd a phone's width. */}
          {device.protocol === 'security' && (
            <Card size="small" title={t('access.tab')} data-testid="access-events-card" style={{ marginTop: 16 }}>
              <AccessEventsTab face={face} deviceId={device.id} />
            </Card>
          )}
        </>
      )}
    </Drawer>
  );
}
