import { z } from 'zod';
import { TRANSACTION_STATUSES } from './transactions';

/** How many Korean calendar months the agency dashboard shows, this one included. */
export const AGENCY_DASHBOARD_MONTHS = 12;

const statusCountsSchema = z.object(
  Object.fromEntries(TRANSACTION_STATUSES.map((status) => [status, z.number().int()])) as Record<
    (typeof TRANSACTION_STATUSES)[number],
    z.ZodNumber
  >,
);

/**
 * One Korean calendar month (YYYY-MM, Asia/Seoul) of the agency's clients' transactions: those
 * requested in it by their status now, and the won of those completed in it.
 */
export const agencyDashboardMonthSchema = z.object({
  month: z.string(),
  counts: statusCountsSchema,
  completedKrw: z.string(),
});
export type AgencyDashboardMonth = z.infer<typeof agencyDashboardMonthSchema>;

/**
 * GET /api/agency/dashboard: the agency's own figures (docs/decisions/022): its clients, how many
 * of them are verified, the won of all their completed transactions, and the last
 * AGENCY_DASHBOARD_MONTHS months, oldest first. Won is an integer as text.
 */
export const agencyDashboardResponseSchema = z.object({
  clients: z.number().int(),
  verifiedClients: z.number().int(),
  completedKrw: z.string(),
  months: z.array(agencyDashboardMonthSchema),
});
export type AgencyDashboard = z.infer<typeof agencyDashboardResponseSchema>;
