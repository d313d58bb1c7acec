/** The API envelope of ../shared/design/api-contract.md */
export interface DataEnvelope<T> {
  data: T;
  meta?: ListMeta;
}
export interface ListMeta {
  total: number;
  page: number;
  perPage: number;
}
export interface FieldError {
  field: string | null;
  message: string;
}
export interface ErrorEnvelope {
  message: string;
  code: ErrorCode;
  errors: FieldError[];
  errorId?: string;
}
export interface InitEntry {
  url: string;
  data: unknown;
}

/** Machine codes of the error envelope; the HTTP status belongs to the code. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 422,
  BAD_REQUEST: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAUTHENTICATED: 401,
  CSRF_INVALID: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  DUPLICATE: 409,
  IN_USE: 409,
  TOO_MANY_REQUESTS: 429,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_LOCKED: 401,
  ACCOUNT_DISABLED: 401,
  ACCOUNT_EXPIRED: 401,
  /** right password, two-factor login on: the code is missing (the login form then asks for it) */
  MFA_REQUIRED: 401,
  MFA_INVALID: 401,
  /** an administrator without two-factor login while it is required: only enrolment is allowed */
  MFA_SETUP_REQUIRED: 403,
  /** a proof-of-work challenge (ALTCHA) must be solved first */
  CHALLENGE_REQUIRED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
