import type { z } from 'zod';
import { Dashboard } from '../dashboard';
import { entity } from './entity';

/** The start screen's content (the schema of src/domain/dashboard.ts). */
export const DashboardEntity = entity(Dashboard);
export type DashboardEntity = z.infer<typeof DashboardEntity>;
