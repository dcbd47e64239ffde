// Groups for school teachers, school staff and company employees: one screen set, three faces.
import type { components } from '../../../lib/api-types';

type Schemas = components['schemas'];
export type Group = Schemas['Group'];
export type GroupInput = Schemas['GroupInput'];
export type ScheduleDay = Schemas['ScheduleDay'];
export type GroupSchedule = Schemas['GroupSchedule'];
export type GroupMember = Schemas['PersonRef'];

export type GroupKind = 'teacher' | 'staff' | 'employee';

export interface GroupFace {
  kind: GroupKind;
  viewPermission: string;
  editPermission: string;
  /** Teacher groups also have a session mode. */
  hasMode: boolean;
  api: { list: string; create: string; update: string; remove: string; schedule: string; members: string; notMembers: string };
  /** Extra parameters of the list call (school: type). */
  listQuery: Record<string, string>;
  /** Extra fields of the create body (school: type). */
  createExtra: Record<string, string>;
  /** The group id parameter of member lists: id (school) or group_id (company). */
  groupParam: 'id' | 'group_id';
  /** The body of an add or remove members call. */
  membersBody: (groupId: number, ids: number[]) => Record<string, unknown>;
}

function schoolFace(kind: 'teacher' | 'staff'): GroupFace {
  return {
    kind,
    viewPermission: 'view.manage.school',
    editPermission: 'add.manage.school.employee',
    hasMode: kind === 'teacher',
    api: {
      list: '/api/school/group/management',
      create: '/api/school/group/management',
      update: '/api/school/group/management/update',
      remove: '/api/school/group/management',
      schedule: '/api/school/group/schedule',
      members: '/api/school/group/employees',
      notMembers: '/api/school/group/employees/not',
    },
    listQuery: { type: kind },
    createExtra: { type: kind },
    groupParam: 'id',
    membersBody: (id, ids) => ({ id, school_employee: ids }),
  };
}

export const TEACHER_GROUPS = schoolFace('teacher');
export const STAFF_GROUPS = schoolFace('staff');
export const EMPLOYEE_GROUPS: GroupFace = {
  kind: 'employee',
  viewPermission: 'view.manage.company',
  editPermission: 'add.manage.company.employee',
  hasMode: false,
  api: {
    list: '/api/group/record',
    create: '/api/group/record/register',
    update: '/api/group/record/update',
    remove: '/api/group/record',
    schedule: '/api/group/schedule',
    members: '/api/group/employees',
    notMembers: '/api/group/employees/not',
  },
  listQuery: {},
  createExtra: {},
  groupParam: 'group_id',
  membersBody: (group_id, ids) => ({ group_id, employees: ids }),
};

export function groupFaceOf(kind: GroupKind): GroupFace {
  return kind === 'teacher' ? TEACHER_GROUPS : kind === 'staff' ? STAFF_GROUPS : EMPLOYEE_GROUPS;
}
