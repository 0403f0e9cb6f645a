// This suite's block of the port plan (@portal/toolkit/port-plan), on loopback only. Cases run one at
// a time, so they share it.
import { portPlan } from '@portal/toolkit/port-plan';

export const { ports, databasePrefix } = portPlan.faults;

export const host = '127.0.0.1';
