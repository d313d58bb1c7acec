import { existsSync, readFileSync } from 'node:fs';
import { interpolate, text, TEXTS, type TextKey } from './texts.js';
import * as constants from './constants.js';

const SPEC = '/work/shared/spec/storefront-presenter.md';
const spec = existsSync(SPEC) ? readFileSync(SPEC, 'utf8') : null;

/** Texts whose wording the spec does not give (PROPOSED) or gives only in abstract form. */
const NOT_VERBATIM: readonly TextKey[] = [
  'statusAwaitingConfirmation',
  'statusInDelivery',
  'statusReadyForPickup',
  'statusDelivered',
  'statusCompleted',
  'unitEquivalent', // spec: '1 unit entspricht ...'
  'appointmentProductUnavailable',
];

describe('"every German text in it is exact — use it verbatim"', () => {
  const keys = (Object.keys(TEXTS) as TextKey[]).filter((k) => !NOT_VERBATIM.includes(k));
  (spec ? it : it.skip).each(keys)('%s appears verbatim in storefront-presenter.md', (key) => {
    // placeholders match the spec's {name} or its N for counts
    const pattern = TEXTS[key]
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('(?:\\{[^}]+\\}|N)');
    expect({ key, found: new RegExp(pattern).test(spec!) }).toEqual({ key, found: true });
  });

  it('fills placeholders', () => {
    expect(interpolate('{a} und {b} und {c}', { a: 1, b: 'zwei' })).toBe('1 und zwei und {c}');
    expect(text('branchResults', { n: 2, total: 7 })).toBe('2 von 7 Filialen werden angezeigt.');
    expect(text('closedNow')).toBe('Derzeit haben wir leider geschlossen.');
  });

  it('§8 error catalogue texts', () => {
    expect(TEXTS.unknownError).toBe('Ein unbekannter Fehler ist aufgetreten.');
    expect(TEXTS.paymentFailed).toBe(
      'Leider ist Ihre Zahlung fehlgeschlagen. Bitte überprüfen Sie Ihre Daten und versuchen Sie es erneut.',
    );
    expect(TEXTS.noDonatee).toBe('Keine passende Organisation gefunden.');
    expect(TEXTS.deliveryClosedCheckout).toBe('Derzeit bieten wir leider keine Lieferung an.');
  });
});

describe('§9 Business constants and limits', () => {
  it('catalogue reload, polling and slots', () => {
    expect(constants.CATALOGUE_RELOAD_INTERVAL_MS).toBe(4 * 60 * 60 * 1000);
    expect(constants.CATALOGUE_RELOAD_CHECK_MS).toBe(10_000);
    expect(constants.ORDER_STATUS_POLL_MS).toBe(10_000);
    expect(constants.APPOINTMENT_DAYS_AHEAD).toBe(90);
    expect(constants.APPOINTMENT_GRANULARITY_MINUTES).toBe(5);
    expect(constants.TIME_PICKER_MINUTE_STEP).toBe(5);
  });
  it('"look-ahead 180 days or 72 hours, 15-minute steps, 15-minute gap between slots, start times rounded up to 5 minutes; lead-time units minutes, hours, days, weeks. \'Closing soon\' means less than 60 minutes left."', () => {
    expect([
      constants.HELPER_LOOK_AHEAD_DAYS,
      constants.HELPER_LOOK_AHEAD_HOURS,
      constants.HELPER_STEP_MINUTES,
      constants.HELPER_GAP_MINUTES,
      constants.HELPER_ROUND_UP_MINUTES,
    ]).toEqual([180, 72, 15, 15, 5]);
    expect(constants.LEAD_TIME_UNITS).toEqual(['minutes', 'hours', 'days', 'weeks']);
    expect(constants.CLOSING_SOON_MINUTES).toBe(60);
    expect(constants.DEFAULT_TIME_ZONE).toBe('Europe/Vienna');
  });
  it('money, cookies, app', () => {
    expect(constants.DONATION_AMOUNT).toBe(0.07);
    expect(constants.NET_DECIMALS).toBe(4);
    expect(constants.COOKIE_CONSENT_DAYS).toBe(365);
    expect(constants.PWA_DISMISS_COOKIE).toBe('pwa-dismiss');
    expect(constants.PWA_DISMISS_MONTHS).toBe(1);
    expect(constants.INSTALL_PROMPT_DELAY_AFTER_CONSENT_MS).toBe(250);
    expect(constants.INSTALL_PROMPT_DELAY_MS).toBe(5000);
    expect(constants.SW_UPDATE_FIRST_CHECK_MS).toBe(2500);
    expect(constants.SW_UPDATE_INTERVAL_MS).toBe(30 * 60 * 1000);
  });
  it('layout, sliders, map, images, content', () => {
    expect([constants.CONTACT_BUTTON_SCROLL_PX, constants.SCROLL_ANIMATION_CHECK_MS, constants.PARALLAX_PX]).toEqual([
      500, 500, 30,
    ]);
    expect([
      constants.HERO_SLIDE_INTERVAL_MS,
      constants.HERO_FIRST_START_MS,
      constants.BASIC_SLIDER_DEFAULT_SECONDS,
    ]).toEqual([7000, 1000, 5]);
    expect([
      constants.SWIPE_THRESHOLD_HERO_PX,
      constants.SWIPE_THRESHOLD_SLIDER_PX,
      constants.SWIPE_THRESHOLD_SLIDER_MIN_WIDTH,
    ]).toEqual([40, 50, 768]);
    expect([constants.REFERENCES_INITIAL, constants.PROJECT_NEW_WEEKS]).toEqual([6, 4]);
    expect(constants.BREAKPOINTS).toEqual({ tablet: 720, desktop: 1024, large: 1600 });
    expect(constants.MAP_DEFAULTS).toEqual({ zoom: 19, pitch: 55, bearing: -85 });
    expect(constants.MAP_BLOCK_DEFAULTS).toEqual({ zoom: 13, pitch: 0, bearing: 0 });
    expect(constants.MAP_MARKER_COLOR).toBe('#303033');
    expect(constants.IMAGE_WIDTHS).toEqual({
      icon: 64,
      thumbnail: 128,
      tiny: 256,
      small: 640,
      medium: 1280,
      large: 1920,
    });
    expect([constants.LAND_TRANSFER_TAX_PERCENT, constants.REGISTRATION_FEE_PERCENT]).toEqual([3.5, 1.1]);
    expect([constants.TEXTAREA_ROWS, constants.TRUNCATE_LENGTH, constants.TRUNCATE_SUFFIX]).toEqual([6, 128, '...']);
    expect([constants.RATING_MIN, constants.RATING_MAX, constants.HERO_TITLE_ROWS]).toEqual([1, 5, 2]);
    expect(TEXTS.fallbackProjectLabel).toBe('Projekt');
  });
});
