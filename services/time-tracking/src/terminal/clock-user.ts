import type { Actor } from '@shop/contracts';

/**
 * Who clocks: a staff member with a session, or an employee identified at a branch terminal. Here, beside the
 * terminal that identifies them, so that the clock imports the terminal's folder and not the other way round.
 */
export interface ClockUser {
  id: number;
  username: string;
  /** the terminal's branch (every start there); null for a back-office session */
  terminalBranch: number | null;
  /** the session's actor (its branches decide where it may start); null at a terminal */
  actor: Actor | null;
}
