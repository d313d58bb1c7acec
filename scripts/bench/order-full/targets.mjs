// bench:order-full's targets (issue 45, replacing issue 22's ≥ 50 % of pgbench) and the figures scaled to the
// machine they were set on.

export const TARGET_REQUEST_PATH_MS = 2.0;
/** 1.5× the last round's sustainable rate (234–281/s on that machine; the upper end) */
export const TARGET_SUSTAINABLE = 1.5 * 281;
export const TARGET_P99_MS = 50;

/**
 * pgbench's CPU per transaction on the machine the targets were set on (issue 45: the request path 3.9–4.7 ms
 * "against 0.95–1.06 ms per pgbench transaction"). Machines of the kind differ by 2× from session to session; the
 * figures scaled by pgbench's CPU per transaction of the same run compare across them (printed, not a target).
 */
export const ISSUE_PGBENCH_MS = [0.95, 1.06];

/**
 * Seconds of CPU per order here as they would be on the issue's machine, a range from ISSUE_PGBENCH_MS and this
 * run's pgbench CPU per transaction (`pgbenchSeconds`): in ms, or with `rate` as orders per second.
 */
export function onIssueMachine(seconds, pgbenchSeconds, digits, rate = false) {
  return ISSUE_PGBENCH_MS.map((there) => seconds * (there / 1000 / pgbenchSeconds))
    .map((s) => (rate ? 1 / s : s * 1000))
    .sort((a, b) => a - b)
    .map((x) => x.toFixed(digits))
    .join('–');
}
