// Leave and away for schools (teachers, staff) and companies (employees): one screen set
// driven by a face that holds the API paths and permissions of each combination.
import type { components } from '../../../lib/api-types';

type Schemas = components['schemas'];
export type LeaveType = Schemas['LeaveType'];
export type LeaveTypeInput = Schemas['LeaveTypeInput'];
export type Entitlement = Schemas['LeaveEntitlement'];
export type EntitlementInput = Schemas['LeaveEntitlementInput'];
export type BulkEntitlementInput = Schemas['LeaveBulkEntitlementInput'];
export type Application = Schemas['LeaveApplication'];
export type LeaveStats = Schemas['LeaveStats'];
export type CarryRow = Schemas['LeaveCarryRow'];
export type CarryResult = Schemas['LeaveCarryForwardResult'];
export type LedgerRow = Schemas['LeaveLedgerRow'];
export type ApplicationStatus = Application['status'];

export type LeaveKind = 'leave' | 'away';
export type PersonKind = 'teacher' | 'staff' | 'employee';
export type OrgKind = 'school' | 'company';

export const STATUSES: ApplicationStatus[] = ['pending', 'approved', 'rejected', 'cancelled'];

/** The type, statistics and year-end calls of one organisation kind and leave kind. */
export interface OrgLeaveFace {
  org: OrgKind;
  kind: LeaveKind;
  viewPermission: string;
  editPermission: string;
  /** Page size of the type list (spec §9: 10 for school details, 30 for the company). */
  typePageSize: number;
  api: {
    types: string;
    typeForm: string;
    typeUpdate: string;
    statistics: string;
    /** The statistics as a file (pdf or xlsx) of a year. */
    statisticsReport: string;
    carryForward: string;
    ledger: string;
  };
}

export function orgFace(org: OrgKind, kind: LeaveKind): OrgLeaveFace {
  if (org === 'company') {
    const b = `/api/company/${kind}`;
    return {
      org,
      kind,
      viewPermission: 'view.manage.company',
      editPermission: 'add.manage.company.employee',
      typePageSize: 30,
      api: { types: b, typeForm: `${b}/form`, typeUpdate: `${b}/update`, statistics: `${b}/statistics`,
        statisticsReport: `${b}/statistics/report`,
        carryForward: `${b}/carry-forward`,
        ledger: `${b}/ledger`,
      },
    };
  }
  const b = `/api/school/${kind}`;
  return {
    org,
    kind,
    viewPermission: 'view.manage.school',
    editPermission: 'add.manage.school.employee',
    typePageSize: 10,
    api: {
      types: `${b}/management`,
      typeForm: `${b}/management/form`,
      typeUpdate: `${b}/management/update`,
      statistics: `${b}/statistics`,
      statisticsReport: `${b}/statistics/report`,
      carryForward: `${b}/carry-forward`,
      ledger: `${b}/ledger`,
    },
  };
}

/** The entitlement, application and decision calls of one kind of person. */
export interface PersonLeaveFace {
  org: OrgKind;
  kind: LeaveKind;
  personKind: PersonKind;
  editPermission: string;
  /** Query parameter naming the person in entitlement and application lists. */
  personParam: 'id' | 'employee_id';
  /** Body field naming the person in entitlement saves. */
  entitlementPersonField: 'teacher_id' | 'staff_id' | 'employee_id';
  /** Body field naming the person in assignments. */
  assignPersonField: 'id' | 'employee_id';
  api: {
    entitlement: string;
    entitlementForm: string;
    bulk: string;
    assignment: string;
    applications: string;
    decide: (d: 'approve' | 'reject' | 'cancel') => string;
    people: string;
    groups: string;
  };
  /** Extra parameters of the group list (school: type). */
  groupQuery: Record<string, string>;
}

export function personFace(kind: LeaveKind, personKind: PersonKind): PersonLeaveFace {
  if (personKind === 'employee') {
    const b = `/api/company/${kind}`;
    return {
      org: 'company',
      kind,
      personKind,
      editPermission: 'add.manage.company.employee',
      personParam: 'employee_id',
      entitlementPersonField: 'employee_id',
      assignPersonField: 'employee_id',
      api: {
        entitlement: `${b}/employee/entitlement`,
        entitlementForm: `${b}/employee/entitlement/form`,
        bulk: `${b}/employee/entitlement/bulk`,
        assignment: `${b}/assignment`,
        applications: `${b}/application`,
        decide: (d) => `${b}/application/${d}`,
        people: '/api/employee/record',
        groups: '/api/group/record',
      },
      groupQuery: {},
    };
  }
  const b = `/api/school/${kind}`;
  return {
    org: 'school',
    kind,
    personKind,
    editPermission: 'add.manage.school.employee',
    personParam: 'id',
    entitlementPersonField: personKind === 'teacher' ? 'teacher_id' : 'staff_id',
    assignPersonField: 'id',
    api: {
      entitlement: `${b}/${personKind}/entitlement`,
      entitlementForm: `${b}/${personKind}/entitlement/form`,
      bulk: `${b}/${personKind}/entitlement/bulk`,
      assignment: `${b}/assignment/${personKind}`,
      applications: `${b}/application/${personKind}`,
      decide: (d) => `${b}/application/${personKind}/${d}`,
      people: `/api/school/employee/${personKind}`,
      groups: '/api/school/group/management',
    },
    groupQuery: { type: personKind },
  };
}

/** The member's own calls of one kind. */
export function personalPaths(kind: LeaveKind) {
  const b = `/api/school/personal/${kind}`;
  return { types: `${b}/types`, entitlement: `${b}/entitlement`, apply: `${b}/application`, applications: `${b}/application`, cancel: `${b}/application/cancel` };
}

export const leaveKeys = {
  all: ['leave'] as const,
  types: (path: string, p?: object) => [...leaveKeys.all, 'types', path, p ?? {}] as const,
  entitlements: (path: string, p?: object) => [...leaveKeys.all, 'entitlements', path, p ?? {}] as const,
  applications: (path: string, p?: object) => [...leaveKeys.all, 'applications', path, p ?? {}] as const,
  stats: (path: string) => [...leaveKeys.all, 'stats', path] as const,
  ledger: (path: string, year: number) => [...leaveKeys.all, 'ledger', path, year] as const,
  people: (path: string, p?: object) => [...leaveKeys.all, 'people', path, p ?? {}] as const,
  groups: (path: string, p?: object) => [...leaveKeys.all, 'groups', path, p ?? {}] as const,
  calendar: () => [...leaveKeys.all, 'calendar'] as const,
};
