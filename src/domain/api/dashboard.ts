import type { z } from 'zod';
import { Dashboard } from '../dashboard';
import type { Binding } from './binding';
import { ProfileQuery } from './common';
import { entity } from './entity';

/** The start screen's content (the schema of src/domain/dashboard.ts). */
export const DashboardEntity = entity(Dashboard);
export type DashboardEntity = z.infer<typeof DashboardEntity>;

/** The dashboard's schemas (contract.ts). */
export const dashboardEndpoints = {
  dashboard: { query: ProfileQuery, answer: DashboardEntity },
} satisfies Record<string, Binding>;
