import type { LogLevel } from '@shop/contracts';

/** Level colours reuse the order status badges: red, yellow, blue. */
export const LEVEL_BADGE: Record<LogLevel, string> = {
  error: 'badge-rejected',
  warning: 'badge-open',
  info: 'badge-confirmed',
};
