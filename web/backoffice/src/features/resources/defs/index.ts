import { SIGNAGE_RESOURCES } from '../../../signage/signage-resources';
import { TIME_TRACKING_RESOURCES } from '../../time-tracking/time-tracking-resources';
import type { ResourceDef } from '../types';
import { blocks } from './blocks';
import { branches } from './branches';
import { categories } from './categories';
import { customers } from './customers';
import { departments } from './departments';
import { devices } from './devices';
import { divisions } from './divisions';
import { donatees } from './donatees';
import { externalUsers } from './external-users';
import { menus } from './menus';
import { products } from './products';
import { tables } from './tables';
import { tags } from './tags';
import { users } from './users';

/** The catalogue's, the staff's and the devices' resources, one file each (define.ts says how to declare one). */
export const RESOURCES: ResourceDef[] = [
  divisions,
  branches,
  menus,
  categories,
  tags,
  products,
  tables,
  donatees,
  users,
  departments,
  customers,
  externalUsers,
  devices,
  blocks,
];

/** the signage and time-tracking resources are declared beside their own screens */
export const resourceByName = (name: string) =>
  [...RESOURCES, ...SIGNAGE_RESOURCES, ...TIME_TRACKING_RESOURCES].find((r) => r.name === name);
