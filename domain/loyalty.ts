/** Loyalty programme facts the views need (SPEC §9); the earning and spending rules are in pricing.ts. */

/** The points tab invites the customer to use their points from this balance on. */
export const POINTS_PROMPT_THRESHOLD = 10;
/** Points show as whole numbers, rounded down. */
export function displayPoints(balance: number): number {
  return Math.max(0, Math.floor(balance));
}
/** The checkout's points box shows only above this balance. */
export const MIN_BALANCE_FOR_POINTS_BOX = 1;
/** Transactions shown on the points tab. */
export const RECENT_TRANSACTIONS_SHOWN = 15;
