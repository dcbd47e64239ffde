// Facial devices of a company (employees) or a school (teachers and staff): one screen set,
// two faces that differ in endpoints, page size and the kinds of people enrolled.
import type { components } from '../../../lib/api-types';

type Schemas = components['schemas'];
export type Device = Schemas['Device'];
export type DeviceInput = Schemas['DeviceInput'];
export type DeviceCommand = Schemas['DeviceCommand'];
export type AccessEvent = Schemas['AccessEvent'];

/** Page size of the access events of Security PUSH terminals (both faces). */
export const ACCESS_EVENTS_PAGE_SIZE = 30;
export type DeviceCommandStatus = Schemas['DeviceCommandStatus'];
export type DevicePerson = Schemas['DevicePerson'];
export type CodeCheck = Schemas['CodeCheck'];
/** What a synchronisation did: the JSON result of its user query. */
export type Reconciliation = Schemas['DeviceReconciliation'];

export type DeviceOrg = 'company' | 'school';
export type EnrolKind = 'employee' | 'teacher' | 'staff';

export interface DeviceFace {
  org: DeviceOrg;
  pageSize: number;
  viewPermission: string;
  editPermission: string;
  api: {
    list: string;
    form: string;
    create: string;
    update: string;
    remove: string;
    code: string;
    synchronize: string;
    commands: string;
    accessEvents: string;
  };
  /** The kinds of people a device enrols, each with its list/add/remove endpoints. */
  kinds: { kind: EnrolKind; in: string; not: string; add: string; remove: string }[];
}

export const ENROL_PAGE_SIZE = 10;
export const COMMANDS_PAGE_SIZE = 30;

export const COMPANY_DEVICES: DeviceFace = {
  org: 'company',
  pageSize: 20,
  viewPermission: 'view.manage.company',
  editPermission: 'add.manage.company.employee',
  api: {
    list: '/api/device/facial',
    form: '/api/device/facial/form',
    create: '/api/device/facial/register',
    update: '/api/device/facial/update',
    remove: '/api/device/facial',
    code: '/api/device/code',
    synchronize: '/api/device/facial/synchronize',
    commands: '/api/device/facial/commands',
    accessEvents: '/api/device/facial/access-events',
  },
  kinds: [
    {
      kind: 'employee',
      in: '/api/device/facial/employees',
      not: '/api/device/facial/employees/not',
      add: '/api/device/facial/employees',
      remove: '/api/device/facial/employees/delete',
    },
  ],
};

const SCHOOL_BASE = '/api/school/device/facial';

export const SCHOOL_DEVICES: DeviceFace = {
  org: 'school',
  pageSize: 10,
  viewPermission: 'view.manage.school',
  editPermission: 'add.manage.school.employee',
  api: {
    list: SCHOOL_BASE,
    form: `${SCHOOL_BASE}/form`,
    create: SCHOOL_BASE,
    update: `${SCHOOL_BASE}/update`,
    remove: SCHOOL_BASE,
    code: `${SCHOOL_BASE}/code`,
    synchronize: `${SCHOOL_BASE}/synchronize`,
    commands: `${SCHOOL_BASE}/commands`,
    accessEvents: `${SCHOOL_BASE}/access-events`,
  },
  kinds: (['teacher', 'staff'] as const).map((kind) => ({
    kind,
    in: `${SCHOOL_BASE}/${kind}`,
    not: `${SCHOOL_BASE}/${kind}/not`,
    add: `${SCHOOL_BASE}/${kind}`,
    remove: `${SCHOOL_BASE}/${kind}/delete`,
  })),
};

export function deviceFaceOf(org: DeviceOrg): DeviceFace {
  return org === 'school' ? SCHOOL_DEVICES : COMPANY_DEVICES;
}
