// The three faces of one attendance service: school teachers, school staff and company
// employees. Each names its endpoints, its person id parameter, its permissions and routes.
import type { components } from '../../../lib/api-types';

type Schemas = components['schemas'];
export type AttendanceDay = Schemas['AttendanceDay'];
export type DailyRow = Schemas['AttendanceDailyRow'];
export type RangeRow = Schemas['AttendanceRangeRow'];
export type YearRow = Schemas['AttendanceYearRow'];
export type Totals = Schemas['AttendanceTotals'];
export type ClockRecord = Schemas['ClockRecord'];
export type ClockRecords = Schemas['ClockRecords'];
export type AuditEntry = Schemas['AttendanceAudit'];

export type AttendanceKind = 'teacher' | 'staff' | 'employee';

export interface AttendanceFace {
  kind: AttendanceKind;
  orgKind: 'school' | 'company';
  /** The person id parameter: id (school) or employee_id (company). */
  idName: 'id' | 'employee_id';
  viewPermission: string;
  editPermission: string;
  /** The screen's base route; views are its children (daily, monthly, yearly, ...). */
  route: string;
  api: {
    daily: string;
    dailyExport: string;
    monthly: string;
    /** School only: from_date..to_date has its own path; companies send date_type=2. */
    monthlyRange?: string;
    monthlyExport: string;
    monthlySingle: string;
    yearly: string;
    yearlyExport: string;
    yearlyIndividual: string;
    status: string;
    time: string;
    audit: string;
    clock: string;
  };
}

function schoolFace(kind: 'teacher' | 'staff'): AttendanceFace {
  const b = `/api/school/attendance/${kind}`;
  return {
    kind,
    orgKind: 'school',
    idName: 'id',
    viewPermission: 'view.manage.school',
    editPermission: 'add.manage.school.employee',
    route: `/school/management/attendance/${kind}`,
    api: {
      daily: b,
      dailyExport: `${b}/report`,
      monthly: `${b}/monthly`,
      monthlyRange: `${b}/monthly/range`,
      monthlyExport: `${b}/monthly/report`,
      monthlySingle: `${b}/monthly/single`,
      yearly: `${b}/yearly`,
      yearlyExport: `${b}/yearly/report`,
      yearlyIndividual: `${b}/yearly/individual`,
      status: `${b}/manage`,
      time: `${b}/manage/time/update`,
      audit: `${b}/audit`,
      clock: `/api/school/attendance/clock/${kind}`,
    },
  };
}

export const TEACHER_ATTENDANCE = schoolFace('teacher');
export const STAFF_ATTENDANCE = schoolFace('staff');

const e = '/api/employee/attendance';
export const EMPLOYEE_ATTENDANCE: AttendanceFace = {
  kind: 'employee',
  orgKind: 'company',
  idName: 'employee_id',
  viewPermission: 'view.manage.company',
  editPermission: 'add.manage.company.employee',
  route: '/company/employee/attendance',
  api: {
    daily: e,
    dailyExport: `${e}/admin/report/daily`,
    monthly: `${e}/monthly`,
    monthlyExport: `${e}/admin/report/monthly`,
    monthlySingle: `${e}/monthly/individual`,
    yearly: `${e}/yearly`,
    yearlyExport: `${e}/admin/report/yearly`,
    yearlyIndividual: `${e}/yearly/individual`,
    status: `${e}/admin/status`,
    time: `${e}/admin/time`,
    audit: `${e}/audit`,
    clock: `${e}/clock/today`,
  },
};

export function attendanceFaceOf(kind: AttendanceKind): AttendanceFace {
  return kind === 'teacher' ? TEACHER_ATTENDANCE : kind === 'staff' ? STAFF_ATTENDANCE : EMPLOYEE_ATTENDANCE;
}
