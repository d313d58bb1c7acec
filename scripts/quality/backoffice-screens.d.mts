import type { Page } from 'playwright-core';

export declare const RESOURCES: string[];
export interface AxeViolation {
  id: string;
  impact: 'serious' | 'critical';
  targets: string[];
}
export declare function axeViolations(page: Page): Promise<AxeViolation[]>;
export declare function visitBackofficeScreens(
  page: Page,
  options: {
    admin: { username: string; password: string };
    check(name: string): Promise<void>;
    missing(name: string, what: string): void;
  },
): Promise<void>;
