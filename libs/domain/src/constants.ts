/** Business constants and limits of storefront-presenter.md §9 (and the few numbers of §2/§4 they refer to). */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The branch's time zone when none is configured. */
export const DEFAULT_TIME_ZONE = 'Europe/Vienna';

/** §9 "Catalogue data … is reloaded every 4 hours, checked every 10 seconds; the cart is then migrated." */
export const CATALOGUE_RELOAD_INTERVAL_MS = 4 * HOUR;
export const CATALOGUE_RELOAD_CHECK_MS = 10 * SECOND;
/** §9 "Order status poll: every 10 seconds." */
export const ORDER_STATUS_POLL_MS = 10 * SECOND;

/** §9 "Appointment slots are computed over 90 days ahead … at 5-minute granularity; the time picker step defaults to 5 minutes." */
export const APPOINTMENT_DAYS_AHEAD = 90;
export const APPOINTMENT_GRANULARITY_MINUTES = 5;
export const TIME_PICKER_MINUTE_STEP = 5;

/** §9 "Opening-hours helper defaults: look-ahead 180 days or 72 hours, 15-minute steps, 15-minute gap between slots, start times rounded up to 5 minutes" */
export const HELPER_LOOK_AHEAD_DAYS = 180;
/** How far ahead a scheduled product is offered for preorder (tomorrow's breakfast, next Monday's lunch). */
export const PREORDER_LOOK_AHEAD_DAYS = 7;
export const HELPER_LOOK_AHEAD_HOURS = 72;
export const HELPER_STEP_MINUTES = 15;
export const HELPER_GAP_MINUTES = 15;
export const HELPER_ROUND_UP_MINUTES = 5;
/** §9 "lead-time units minutes, hours, days, weeks" */
export const LEAD_TIME_UNITS = ['minutes', 'hours', 'days', 'weeks'] as const;
/** §9 "'Closing soon' means less than 60 minutes left." */
export const CLOSING_SOON_MINUTES = 60;

/** §9 "The donation amount shown is 0.07 in the shop currency." */
export const DONATION_AMOUNT = 0.07;
/** §9 "net = gross / (1 + rate/100), rounded to 4 decimals" */
export const NET_DECIMALS = 4;
/** Gross amounts (line prices, delivery cost) are whole cents. */
export const GROSS_DECIMALS = 2;

/** §9 "Cookie consent lasts 365 days. The 'pwa-dismiss' cookie lasts 1 month. Install prompt delay 250 ms after acceptance, 5000 ms otherwise." */
export const COOKIE_CONSENT_DAYS = 365;
/** The consent cookie: 'true' accepted, 'false' refused (both hide the banner), absent: no answer yet. */
export const CONSENT_COOKIE = 'cookie-consent';
export type ConsentChoice = 'accepted' | 'refused';
/** The customer's answer as the consent cookie holds it (the browser's, and the gateway's server render). */
export const consentChoiceOf = (value: string | null | undefined): ConsentChoice | null =>
  value === 'true' ? 'accepted' : value === 'false' ? 'refused' : null;
export const PWA_DISMISS_COOKIE = 'pwa-dismiss';
export const PWA_DISMISS_MONTHS = 1;
export const INSTALL_PROMPT_DELAY_AFTER_CONSENT_MS = 250;
export const INSTALL_PROMPT_DELAY_MS = 5000;

/** §9 "Contact button appears at scroll 500 px. Scroll animation check every 500 ms. Parallax 30 px." */
export const CONTACT_BUTTON_SCROLL_PX = 500;
export const SCROLL_ANIMATION_CHECK_MS = 500;
export const PARALLAX_PX = 30;
/** §2.2 "visible at 1 percent or more overlap" */
export const SCROLL_ANIMATION_VISIBLE_RATIO = 0.01;

/** §9 "Service worker update check 2.5 s after start, then every 30 minutes." */
export const SW_UPDATE_FIRST_CHECK_MS = 2500;
export const SW_UPDATE_INTERVAL_MS = 30 * MINUTE;
export const SW_PATH = '/build/service-worker.js';

/** §9 "Hero slide interval 7 s, first auto-start after 1 s; … basic slider default 5 s per slide." */
export const HERO_SLIDE_INTERVAL_MS = 7 * SECOND;
export const HERO_FIRST_START_MS = 1 * SECOND;
export const BASIC_SLIDER_DEFAULT_SECONDS = 5;
/** §4 "A swipe over 40 px changes the slide in hero and carousel. Basic, second-variant and project sliders use 50 px on widths over 768 px and 0 px otherwise." */
export const SWIPE_THRESHOLD_HERO_PX = 40;
export const SWIPE_THRESHOLD_SLIDER_PX = 50;
export const SWIPE_THRESHOLD_SLIDER_MIN_WIDTH = 768;

/** §9 "References overview shows 6 initially. A project is 'new' under 4 weeks." */
export const REFERENCES_INITIAL = 6;
export const PROJECT_NEW_WEEKS = 4;

/** §9 "Breakpoints: tablet 720, desktop 1024, large 1600." */
export const BREAKPOINTS = { tablet: 720, desktop: 1024, large: 1600 } as const;

/** §9 Map defaults. */
export const MAP_DEFAULTS = { zoom: 19, pitch: 55, bearing: -85 } as const;
export const MAP_BLOCK_DEFAULTS = { zoom: 13, pitch: 0, bearing: 0 } as const;
export const MAP_MARKER_COLOR = '#303033';

/** §9 "Image widths: icon 64, thumbnail 128, tiny 256, small 640, medium 1280, large 1920 pixels." */
export const IMAGE_WIDTHS = { icon: 64, thumbnail: 128, tiny: 256, small: 640, medium: 1280, large: 1920 } as const;
export type ImageSize = keyof typeof IMAGE_WIDTHS;

/** §9 "Land transfer tax note 3.5 %, registration fee note 1.1 %." */
export const LAND_TRANSFER_TAX_PERCENT = 3.5;
export const REGISTRATION_FEE_PERCENT = 1.1;

/** §9 "Textarea rows 6; truncation default 128 characters with '...'." */
export const TEXTAREA_ROWS = 6;
export const TRUNCATE_LENGTH = 128;
export const TRUNCATE_SUFFIX = '...';
/** §9 "Ratings 1 to 5 stars. Hero title textarea 2 rows." */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const HERO_TITLE_ROWS = 2;

/** §2.6 category bar: "A group is current when its top is above 25 percent of the viewport height." */
export const CATEGORY_BAR_CURRENT_RATIO = 0.25;
/** §2.2 navigation timings */
export const PAGE_VIEW_REPORT_DELAY_MS = 250;
export const SCROLL_RESTORE_DELAY_MS = 750;
/** §7 analytics queue retry */
export const ANALYTICS_RETRY_MS = 1 * SECOND;
