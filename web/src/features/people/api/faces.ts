// The three faces of one people service: school teachers, school staff and company employees.
// Each names its endpoints, its id parameter and its permissions; screens take a face.
import type { components } from '../../../lib/api-types';

export type Person = components['schemas']['Person'];
export type PersonDetails = components['schemas']['PersonDetails'];
export type PersonCreateRequest = components['schemas']['PersonCreateRequest'];
export type ContactRecord = components['schemas']['ContactRecord'];
export type PersonalRecord = components['schemas']['PersonalRecord'];
export type JobRecord = components['schemas']['JobRecord'];
export type PayrollRecord = components['schemas']['PayrollRecord'];
export type FamilyRecord = components['schemas']['FamilyRecord'];
export type EducationRecord = components['schemas']['EducationRecord'];
export type ImportResult = components['schemas']['ImportResult'];
export type ImportRowError = components['schemas']['ImportRowError'];
export type CodeCheck = components['schemas']['CodeCheck'];
export type Department = components['schemas']['Department'];

export type FaceKind = 'teacher' | 'staff' | 'employee';
export type RecordArea = 'contact' | 'personal' | 'job' | 'payroll' | 'family' | 'education';
export const RECORD_AREAS: RecordArea[] = ['contact', 'personal', 'job', 'payroll', 'family', 'education'];

export interface PeopleFace {
  kind: FaceKind;
  orgKind: 'school' | 'company';
  /** The id parameter's name: id (school) or employee_id (company). */
  idName: 'id' | 'employee_id';
  viewPermission: string;
  editPermission: string;
  /** Owner-only actions (privileges). */
  ownerPermission: string;
  /** Screen routes. */
  listRoute: string;
  roleRoute?: string;
  /** The Groups screen of this kind, where a person's group is set, and who may open it. */
  groupRoute: string;
  groupPermission: string;
  api: {
    list: string;
    archived: string;
    create: string;
    archive: string;
    restore: string;
    code: string;
    details: string;
    general: string;
    deleteEducation: string;
    image: string;
    privilege: string;
    report: string;
    import: string;
    importTemplate: string;
  };
  /** Where an area is saved: create (no record yet) or update. */
  areaPath: (area: RecordArea, update: boolean) => string;
  /** The JSON body of an area save. */
  areaBody: (personId: number, recordId: number | undefined, fields: Record<string, unknown>) => Record<string, unknown>;
}

function schoolFace(kind: 'teacher' | 'staff'): PeopleFace {
  const b = `/api/school/employee/${kind}`;
  return {
    kind,
    orgKind: 'school',
    idName: 'id',
    viewPermission: 'view.manage.school.employee',
    editPermission: 'add.manage.school.employee',
    ownerPermission: 'add.manage.school',
    listRoute: `/school/${kind}/list`,
    roleRoute: `/school/${kind}/role`,
    groupRoute: `/school/${kind}/group`,
    groupPermission: 'view.manage.school',
    api: {
      list: b,
      archived: `${b}/archived`,
      create: b,
      archive: b,
      restore: `${b}/restore`,
      code: `${b}/code`,
      details: `${b}/details`,
      general: `${b}/details/general`,
      deleteEducation: `${b}/details/education`,
      image: `${b}/image`,
      privilege: `${b}/privilege`,
      report: `${b}/report`,
      import: `${b}/import`,
      importTemplate: `${b}/import/template`,
    },
    areaPath: (area) => `${b}/details/${area}`,
    areaBody: (personId, recordId, fields) => ({ ...fields, id: personId, ...(recordId ? { record_id: recordId } : {}) }),
  };
}

export const TEACHER_FACE = schoolFace('teacher');
export const STAFF_FACE = schoolFace('staff');

export const EMPLOYEE_FACE: PeopleFace = {
  kind: 'employee',
  orgKind: 'company',
  idName: 'employee_id',
  viewPermission: 'view.manage.company.employee',
  editPermission: 'add.manage.company.employee',
  ownerPermission: 'add.manage.company',
  listRoute: '/company/employee/list',
  roleRoute: '/company/employee/role',
  groupRoute: '/company/employee/group',
  groupPermission: 'view.manage.company',
  api: {
    list: '/api/employee/record',
    archived: '/api/employee/record/archived',
    create: '/api/employee/record/register',
    archive: '/api/employee/record',
    restore: '/api/employee/record/restore',
    code: '/api/employee/code',
    details: '/api/employee/details',
    general: '/api/employee/detail/general/update',
    deleteEducation: '/api/employee/detail/education',
    image: '/api/employee/profile/image',
    privilege: '/api/employee/privilege',
    report: '/api/employee/report',
    import: '/api/employee/import',
    importTemplate: '/api/employee/import/template',
  },
  areaPath: (area, update) => `/api/employee/detail/${area}${update ? '/update' : ''}`,
  areaBody: (personId, recordId, fields) => ({ ...fields, employee_id: personId, ...(recordId ? { id: recordId } : {}) }),
};

export function faceOf(kind: FaceKind): PeopleFace {
  return kind === 'teacher' ? TEACHER_FACE : kind === 'staff' ? STAFF_FACE : EMPLOYEE_FACE;
}
