// Named aliases for the generated OpenAPI types, so features import readable names.
import type { components } from './api-types';

type Schemas = components['schemas'];

export type ApiErrorBody = Schemas['Error'];
export type ApiErrorDetail = Schemas['ErrorDetail'];
export type Pagination = Schemas['Pagination'];
export type ListMeta = Schemas['ListMeta'];
export type User = Schemas['User'];
export type Org = Schemas['Org'];
export type SessionInfo = Schemas['SessionInfo'];
export type Session = Schemas['Session'];
export type LoginRequest = Schemas['LoginRequest'];
export type CompanyRegisterRequest = Schemas['CompanyRegisterRequest'];
export type SchoolRegisterRequest = Schemas['SchoolRegisterRequest'];
export type UserUpdateRequest = Schemas['UserUpdateRequest'];
export type RefItem = Schemas['RefItem'];
export type Company = Schemas['Company'];
export type CompanyProfileUpdateRequest = Schemas['CompanyProfileUpdateRequest'];
export type Position = Schemas['Position'];
export type PositionInput = Schemas['PositionInput'];
export type School = Schemas['School'];
export type SchoolUpdateRequest = Schemas['SchoolUpdateRequest'];

/** The `{"data": ...}` envelope of every success body. */
export interface DataEnvelope<T> {
  data: T;
}

/** A page of a server-paged list. */
export interface ListEnvelope<T> {
  data: T[];
  meta: ListMeta;
}
export type FailedAttempts = Schemas['FailedAttempts'];
