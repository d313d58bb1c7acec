import { createContext } from 'react';

/** The form's resource and the entity as loaded (for fields that link to it, like the API key). */
export const FormEntityContext = createContext<{ resource: string; entity: Record<string, unknown> | null }>({
  resource: '',
  entity: null,
});
