/**
 * The id the upgrade prompt's and the trial banner's "Choose a plan" links go to (`/dashboard/profile#plan`). In a file
 * of its own, so the dashboard's banners link to the Plan section without bringing it into the first load (ADR 060).
 */
export const PLAN_SECTION_ID = 'plan'
