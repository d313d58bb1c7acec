/** Same-origin JSON calls to the gateway with its envelope ({data} or {code, message, errors}). */
export interface FieldError {
  field: string | null;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null,
    readonly errors: FieldError[],
  ) {
    super(message);
  }
}

export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let res: Response;
  try {
    res = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: { accept: 'application/json', ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  } catch {
    throw new ApiError(0, '', null, []);
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (!res.ok) {
    const b = (body ?? {}) as { message?: string; code?: string; errors?: FieldError[] };
    throw new ApiError(res.status, b.message ?? '', b.code ?? null, Array.isArray(b.errors) ? b.errors : []);
  }
  return (body as { data: T }).data;
}
