import { PERMISSIONS, type Permission } from '@shop/contracts';
import {
  contentBuilderTexts,
  mediaTexts,
  STATISTICS_UI_TEXTS,
  TIME_TRACKING_TEXTS,
  TIME_TRACKING_UI_TEXTS,
} from '@shop/i18n-de';
import { T } from '../texts';

export interface NavItem {
  to: string;
  label: string;
  /** shown to administrators only (the server enforces it anyway) */
  adminOnly?: boolean;
  /** an adminOnly screen also shown to branch managers (ROLE_BRANCH_MANAGER; the server limits them to their branches) */
  branchManagers?: boolean;
  /** shown to the roles of this permission only (issue 44: 'Datenschutz' for ROLE_ADMIN and ROLE_PRIVACY) */
  permission?: Permission;
}
export interface NavGroup {
  label: string;
  items: NavItem[];
}

/** The back office's screens; employees see what they may work with (orders, their branches and tables). */
export const NAV: NavGroup[] = [
  {
    label: T.nav.orders,
    items: [
      { to: '/orders', label: T.nav.currentOrders },
      { to: '/orders/missed', label: T.nav.missedOrders },
      { to: '/orders/history', label: T.nav.orderHistory },
    ],
  },
  {
    label: T.nav.catalogue,
    items: [
      { to: '/menus', label: T.nav.menus, adminOnly: true },
      { to: '/categories', label: T.nav.categories, adminOnly: true },
      { to: '/products', label: T.nav.products, adminOnly: true },
      { to: '/tags', label: T.nav.tags, adminOnly: true },
    ],
  },
  {
    label: T.nav.organisation,
    items: [
      { to: '/divisions', label: T.nav.divisions, adminOnly: true },
      { to: '/branches', label: T.nav.branches },
      { to: '/tables', label: T.nav.tables },
      { to: '/donatees', label: T.nav.donatees, adminOnly: true },
      { to: '/devices', label: T.nav.devices },
    ],
  },
  {
    label: T.signage.nav,
    items: [
      { to: '/signage/devices', label: T.signage.devices },
      { to: '/signage/scenes', label: T.signage.scenes },
      { to: '/signage/streams', label: T.signage.streams },
      { to: '/digital-signage-segments', label: T.signage.segments, adminOnly: true },
    ],
  },
  {
    label: T.nav.people,
    items: [
      { to: '/users', label: T.nav.users, adminOnly: true },
      { to: '/departments', label: T.nav.departments, adminOnly: true },
      { to: '/customers', label: T.nav.customers, adminOnly: true },
      { to: '/external-users', label: T.nav.externalUsers, adminOnly: true },
      { to: '/privacy', label: T.nav.privacy, permission: 'privacy' },
    ],
  },
  {
    label: TIME_TRACKING_TEXTS.navGroup,
    items: [
      { to: '/time-tracking', label: TIME_TRACKING_TEXTS.myTimes },
      { to: '/working-activities', label: TIME_TRACKING_UI_TEXTS.workingActivities },
      { to: '/time-tracking/team', label: TIME_TRACKING_TEXTS.teamSheet, adminOnly: true, branchManagers: true },
      {
        to: '/time-tracking/access-tokens',
        label: TIME_TRACKING_TEXTS.accessTokens,
        adminOnly: true,
        branchManagers: true,
      },
      { to: '/time-tracking/planner', label: TIME_TRACKING_TEXTS.planner, adminOnly: true, branchManagers: true },
      {
        to: '/time-tracking/absences',
        label: TIME_TRACKING_UI_TEXTS.absences,
        adminOnly: true,
        branchManagers: true,
      },
      { to: '/projects', label: TIME_TRACKING_TEXTS.projects, adminOnly: true, branchManagers: true },
      { to: '/tasks', label: TIME_TRACKING_TEXTS.tasks, adminOnly: true, branchManagers: true },
      { to: '/working-time-settings', label: TIME_TRACKING_TEXTS.workingTimeSettings, adminOnly: true },
    ],
  },
  {
    label: contentBuilderTexts.navGroup,
    items: [
      { to: '/sites', label: T.nav.sites },
      { to: '/navigations', label: T.nav.navigations },
      { to: '/redirects', label: contentBuilderTexts.navRedirects },
      { to: '/nodes', label: contentBuilderTexts.navNodes },
      { to: '/blocks', label: TIME_TRACKING_UI_TEXTS.blocks, adminOnly: true },
      { to: '/media', label: mediaTexts.nav },
    ],
  },
  {
    label: STATISTICS_UI_TEXTS.nav,
    items: [
      { to: '/dashboard', label: STATISTICS_UI_TEXTS.nav },
      { to: '/statistics/user-profile', label: STATISTICS_UI_TEXTS.profile.nav },
    ],
  },
  {
    label: T.nav.system,
    items: [
      { to: '/config', label: T.nav.config, adminOnly: true },
      { to: '/logs', label: T.nav.logs, adminOnly: true },
    ],
  },
];

/**
 * The items of a group this staff member sees: administrators all, branch managers also theirs, others the rest;
 * an item of a permission only its roles.
 */
export function visibleItems(items: NavItem[], roles: readonly string[] | undefined): NavItem[] {
  const admin = !!roles?.includes('ROLE_ADMIN');
  const manager = !!roles?.includes('ROLE_BRANCH_MANAGER');
  const holds = (p: Permission) => PERMISSIONS[p].roles.some((role) => !!roles?.includes(role));
  return items.filter((i) =>
    i.permission ? holds(i.permission) : admin || !i.adminOnly || (manager && i.branchManagers),
  );
}
