// Register or edit a device: name, model, serial number (checked live), purchase date,
// enabled, an optional push key, the addresses the terminal may call from, and the model's
// rules (a preset: what PINs, names and photos the terminal takes).
import { useEffect } from 'react';
import { App, DatePicker, Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { Device, DeviceFace } from '../api/faces';
import { SERIAL_PATTERN, useSaveDevice, useSerialAvailability } from '../api/devices';
import { applyDeviceErrors, withDeviceErrors } from '../api/errors';
import { translateApiError } from '../../../lib/form-errors';
import { useFormRules } from '../../../lib/form-rules';

interface Values {
  name: string;
  model?: string;
  code: string;
  purchase_date?: Dayjs | null;
  enabled: boolean;
  push_key?: string;
  allowed_ips?: string;
  use: 'attendance' | 'access';
  profile: ProfileChoice;
}

/** The model presets, as the server defines them (device.Profiles). */
const PROFILES = {
  bw_660: { pin_digits_only: true, pin_max_length: 9, name_max_bytes: 24, takes_photos: false },
  tft: { pin_digits_only: false, pin_max_length: 14, name_max_bytes: 24, takes_photos: false },
  face: { pin_digits_only: false, pin_max_length: 23, name_max_bytes: 48, takes_photos: true },
  unlimited: { pin_digits_only: false, pin_max_length: 0, name_max_bytes: 0, takes_photos: true },
} as const;
type Preset = keyof typeof PROFILES;
type ProfileChoice = Preset | 'custom';

/** The preset a device's rules match, or 'custom' (set through the API; left unchanged). */
export function presetOf(d: Pick<Device, 'pin_digits_only' | 'pin_max_length' | 'name_max_bytes' | 'takes_photos'>): ProfileChoice {
  for (const [name, p] of Object.entries(PROFILES) as [Preset, (typeof PROFILES)[Preset]][]) {
    if (
      p.pin_digits_only === d.pin_digits_only &&
      p.pin_max_length === d.pin_max_length &&
      p.name_max_bytes === d.name_max_bytes &&
      p.takes_photos === d.takes_photos
    )
      return name;
  }
  return 'custom';
}

export function DeviceFormModal({ face, open, device, onClose }: { face: DeviceFace; open: boolean; device: Device | null; onClose: () => void }) {
  const { t: rawT } = useTranslation(['devices', 'common', 'errors']);
  const t = withDeviceErrors(rawT);
  const rules = useFormRules();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveDevice(face);
  const code = Form.useWatch('code', form);
  const serial = useSerialAvailability(face, code, device?.id, device?.code);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (device)
      form.setFieldsValue({
        name: device.name,
        model: device.model,
        code: device.code,
        purchase_date: device.purchase_date ? dayjs(device.purchase_date) : null,
        enabled: device.enabled,
        allowed_ips: device.allowed_ips,
        use: device.use,
        profile: presetOf(device),
      });
    else form.setFieldsValue({ enabled: true, use: 'attendance', profile: 'unlimited' });
  }, [open, device, form]);

  const onFinish = (v: Values) => {
    save.mutate(
      {
        id: device?.id,
        name: v.name.trim(),
        model: v.model?.trim() ?? '',
        code: v.code.trim(),
        purchase_date: v.purchase_date ? v.purchase_date.format('YYYY-MM-DD') : undefined,
        enabled: v.enabled,
        push_key: v.push_key?.trim() || undefined,
        allowed_ips: v.allowed_ips?.trim() ?? '',
        use: v.use,
        profile: v.profile === 'custom' ? undefined : v.profile,
      },
      {
        onSuccess: () => {
          message.success(rawT('common:messages.saved'));
          onClose();
        },
        onError: (e) => {
          if (!applyDeviceErrors(form, e, t)) message.error(translateApiError(t, e));
        },
      },
    );
  };

  const taken = serial === 'taken';
  return (
    <Modal
      open={open}
      title={device ? rawT('form.edit') : rawT('form.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={rawT('common:actions.save')}
      cancelText={rawT('common:actions.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: taken, ...({ 'data-testid': 'device-submit' } as Record<string, string>) }}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item name="name" label={rawT('fields.name')} rules={[rules.nameRequired(), rules.max(100)]}>
          <Input data-testid="device-name" />
        </Form.Item>
        <Form.Item name="model" label={rawT('fields.model')} rules={[rules.max(100)]}>
          <Input data-testid="device-model" />
        </Form.Item>
        <Form.Item
          name="code"
          label={rawT('fields.code')}
          extra={rawT('form.code_hint')}
          rules={[rules.required(), { pattern: SERIAL_PATTERN, message: t('errors:validation.serial') }]}
          validateStatus={taken ? 'error' : serial === 'checking' ? 'validating' : serial === 'available' ? 'success' : undefined}
          help={taken ? t('errors:device.code_taken') : undefined}
          hasFeedback={serial !== 'idle'}
        >
          <Input maxLength={40} data-testid="device-code" data-availability={serial} />
        </Form.Item>
        <Form.Item name="purchase_date" label={rawT('fields.purchase_date')}>
          <DatePicker style={{ width: '100%' }} data-testid="device-purchase-date" />
        </Form.Item>
        <Form.Item name="enabled" label={rawT('fields.enabled')} valuePropName="checked">
          <Switch data-testid="device-enabled" />
        </Form.Item>
        <Form.Item name="push_key" label={rawT('fields.push_key')} extra={device ? rawT('form.push_key_edit_hint') : rawT('form.push_key_hint')} rules={[rules.max(100)]}>
          <Input.Password autoComplete="new-password" data-testid="device-push-key" />
        </Form.Item>
        <Form.Item name="allowed_ips" label={rawT('fields.allowed_ips')} extra={rawT('form.allowed_ips_hint')}>
          <Input placeholder="192.168.1.20, 10.0.0.0/24" data-testid="device-allowed-ips" />
        </Form.Item>
        <Form.Item name="use" label={rawT('form.use')} extra={rawT('form.use_hint')}>
          <Select
            data-testid="device-use"
            options={(['attendance', 'access'] as const).map((u) => ({ value: u, label: rawT(`form.uses.${u}`) }))}
            popupMatchSelectWidth={false}
          />
        </Form.Item>
        <Form.Item name="profile" label={rawT('form.profile')} extra={rawT('form.profile_hint')}>
          <Select
            data-testid="device-profile"
            options={(['bw_660', 'tft', 'face', 'unlimited', ...(presetOf(device ?? PROFILES.unlimited) === 'custom' ? ['custom'] : [])] as ProfileChoice[]).map(
              (p) => ({ value: p, label: rawT(`form.profiles.${p}`) }),
            )}
            popupMatchSelectWidth={false}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
