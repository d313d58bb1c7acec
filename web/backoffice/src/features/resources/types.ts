import type { CrudResourceName } from '@shop/contracts';
import type { ResourceNounKey } from '../../texts';

export interface Option {
  value: string;
  label: string;
}

interface Base {
  /** dot path in the entity */
  name: string;
  label?: string;
  help?: string;
  required?: boolean;
}

export type Field =
  | (Base & { kind: 'text' | 'textarea' | 'email' | 'url' | 'time' | 'password'; nullable?: boolean; rows?: number })
  | (Base & { kind: 'number' | 'integer'; nullable?: boolean; step?: string })
  | (Base & { kind: 'date' | 'datetime'; nullable?: boolean })
  | (Base & { kind: 'checkbox' })
  | (Base & { kind: 'select'; options: Option[]; nullable?: boolean })
  | (Base & { kind: 'checkboxes'; options: Option[] })
  /** a list of strings, one a line */
  | (Base & { kind: 'lines'; rows?: number })
  /** reference to another resource: {id} objects (IdRef) or bare ids, single or many */
  | (Base & { kind: 'ref'; resource: CrudResourceName; shape: 'idRef' | 'id'; multiple?: boolean; nullable?: boolean })
  | (Base & {
      kind:
        | 'rules'
        | 'schedule'
        | 'deliveryAreas'
        | 'alternativeUnits'
        | 'steps'
        | 'menuCatalog'
        | 'images'
        | 'image'
        | 'apiKey';
    });

export interface FieldGroup {
  legend?: string;
  fields: Field[];
}

export interface Column {
  name: string;
  label: string;
  render?: (row: Record<string, unknown>) => string;
}

export interface Filter {
  name: string;
  label: string;
  options?: Option[];
  /** options from another resource's list */
  resource?: CrudResourceName;
}

export interface ResourceDef {
  /** URL segment: /api/<name>, /backend#/<name> (a CRUD resource of libs/contracts) */
  name: CrudResourceName;
  noun: ResourceNounKey;
  /** singular and plural labels */
  label: string;
  plural: string;
  groups: FieldGroup[];
  columns: Column[];
  filters?: Filter[];
  /** what a new entity starts with */
  defaults: Record<string, unknown>;
  /** how an entity is named in questions ('„Pizza“ wirklich löschen?') and reference lists */
  title: (row: Record<string, unknown>) => string;
  /** what employees may do, in their own branches only (the server decides; the screens offer just that); absent: nothing */
  employee?: EmployeeAccess;
}

export interface EmployeeAccess {
  create: boolean;
  change: boolean;
  delete: boolean;
  /** the branch an entity belongs to */
  branchOf: (row: Record<string, unknown>) => unknown;
}
