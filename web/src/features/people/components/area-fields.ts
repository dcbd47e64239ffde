// The fields of each record area (contract: docs/api-people.md), as data for one form renderer.
import type { RecordArea } from '../api/faces';

export type FieldType = 'text' | 'date' | 'code' | 'ref' | 'int' | 'decimal' | 'switch' | 'textarea' | 'nric' | 'position' | 'manager';

export interface AreaField {
  name: string;
  type: FieldType;
  /** Code list (translated under people:codes.<list>) for type code; ref list for type ref. */
  list?: string;
  required?: boolean;
  max?: number;
  /** Only in this kind of organisation. */
  orgKind?: 'school' | 'company';
}

export const CODE_LISTS: Record<string, string[]> = {
  gender: ['male', 'female'],
  job_type: ['full_time', 'part_time', 'contract', 'internship', 'temporary'],
  employment_status: ['probation', 'confirmed', 'resigned', 'terminated', 'retired'],
  payment_type: ['monthly', 'daily', 'hourly'],
  method: ['bank_transfer', 'cash', 'cheque'],
  tax_status: ['single', 'married_spouse_working', 'married_spouse_not_working', 'divorced_widowed'],
  socso_category: ['first', 'second', 'none'],
};

export const AREA_FIELDS: Record<RecordArea, AreaField[]> = {
  contact: [
    { name: 'contact_number', type: 'text', max: 20 },
    { name: 'emergency_name', type: 'text', max: 100 },
    { name: 'relation_id', type: 'ref', list: 'relation' },
    { name: 'relationship', type: 'text', max: 50 },
    { name: 'emergency_number', type: 'text', max: 20 },
    { name: 'address1', type: 'text', max: 200 },
    { name: 'address2', type: 'text', max: 200 },
    { name: 'address3', type: 'text', max: 200 },
    { name: 'locality', type: 'text', max: 200 },
    { name: 'city', type: 'text', max: 200 },
    { name: 'postal_code', type: 'text', max: 10 },
    { name: 'state_id', type: 'ref', list: 'state' },
  ],
  personal: [
    { name: 'birth_date', type: 'date' },
    { name: 'gender', type: 'code', list: 'gender' },
    { name: 'marital_id', type: 'ref', list: 'marital' },
    { name: 'religion', type: 'text', max: 50 },
    { name: 'race', type: 'text', max: 50 },
  ],
  job: [
    // A school has no list of positions: its position is text; a company picks one of its own.
    { name: 'position', type: 'text', max: 100, orgKind: 'school' },
    { name: 'position_id', type: 'position', orgKind: 'company' },
    { name: 'position_code', type: 'text', max: 30 },
    // The reporting line: stored on the person (approval chains route through it).
    { name: 'manager_id', type: 'manager' },
    { name: 'type', type: 'code', list: 'job_type' },
    { name: 'effective_date', type: 'date' },
    { name: 'end_of_probation', type: 'date' },
    { name: 'employment_status', type: 'code', list: 'employment_status' },
    { name: 'remark', type: 'textarea', max: 2000 },
  ],
  payroll: [
    { name: 'basic_salary', type: 'decimal' },
    { name: 'currency', type: 'text', max: 3 },
    { name: 'payment_type', type: 'code', list: 'payment_type' },
    { name: 'method', type: 'code', list: 'method' },
    { name: 'bank', type: 'text', max: 100 },
    { name: 'bank_account', type: 'text', max: 20 },
    { name: 'epf_employer_rate', type: 'decimal' },
    { name: 'epf_employee_rate', type: 'decimal' },
    { name: 'epf_number', type: 'text', max: 20 },
    { name: 'tax_number', type: 'text', max: 20 },
    { name: 'tax_status', type: 'code', list: 'tax_status' },
    { name: 'child_relief', type: 'int', max: 30 },
    { name: 'eis_contribution', type: 'switch' },
    { name: 'socso_category', type: 'code', list: 'socso_category' },
    { name: 'zakat', type: 'decimal' },
  ],
  family: [
    { name: 'marital_id', type: 'ref', list: 'marital' },
    { name: 'children', type: 'int', max: 30 },
    { name: 'spouse_name', type: 'text', max: 100 },
    { name: 'spouse_working', type: 'switch' },
    { name: 'spouse_nric', type: 'nric' },
    { name: 'nationality', type: 'text', max: 50 },
    { name: 'nric', type: 'nric' },
    { name: 'passport', type: 'text', max: 20 },
  ],
  education: [
    { name: 'school', type: 'text', required: true, max: 200 },
    { name: 'degree', type: 'text', max: 100 },
    { name: 'field_of_study', type: 'text', max: 100 },
    { name: 'grade', type: 'text', max: 30 },
    { name: 'from', type: 'date' },
    { name: 'to', type: 'date' },
  ],
};

/** The fields of an area in a kind of organisation. */
export function areaFields(area: RecordArea, orgKind: 'school' | 'company'): AreaField[] {
  return AREA_FIELDS[area].filter((f) => !f.orgKind || f.orgKind === orgKind);
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Server record → form values: dates stay strings here (the renderer wraps them), 0 ids become empty. */
export function toFormValues(fields: AreaField[], record: Record<string, unknown> | null | undefined) {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = record?.[f.name];
    if ((f.type === 'ref' || f.type === 'position' || f.type === 'manager') && (v === 0 || v === null)) out[f.name] = undefined;
    else if ((f.type === 'code' || f.type === 'date') && v === '') out[f.name] = undefined;
    else out[f.name] = v;
  }
  return out;
}

/** Form values → request fields: empty selects become 0 or "", dates YYYY-MM-DD. */
export function toRequestFields(fields: AreaField[], values: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name];
    switch (f.type) {
      case 'ref':
      case 'position':
      case 'int':
        out[f.name] = v === undefined || v === null || v === '' ? 0 : Number(v);
        break;
      case 'manager':
        // null clears the manager (0 would too); the server refuses a cycle on this field.
        out[f.name] = v === undefined || v === null || v === '' ? null : Number(v);
        break;
      case 'switch':
        out[f.name] = !!v;
        break;
      case 'date':
        out[f.name] = typeof v === 'string' && DATE_RE.test(v) ? v : v ? String(v) : '';
        break;
      default:
        out[f.name] = v === undefined || v === null ? '' : String(v);
    }
  }
  return out;
}
