import type { MigrationInterface } from 'typeorm';
import { OrderInit1795314392604 } from './1795314392604-OrderInit.js';
import { Devices1795318389170 } from './1795318389170-Devices.js';
import { DeviceQueues1795320831454 } from './1795320831454-DeviceQueues.js';
import { JobCompletions1795321132253 } from './1795321132253-JobCompletions.js';
import { OrderStaffStates1795571019876 } from './1795571019876-OrderStaffStates.js';

/** Every migration of the order schema, in order. */
export const ORDER_MIGRATIONS: (new () => MigrationInterface)[] = [
  OrderInit1795314392604,
  Devices1795318389170,
  DeviceQueues1795320831454,
  JobCompletions1795321132253,
  OrderStaffStates1795571019876,
];
