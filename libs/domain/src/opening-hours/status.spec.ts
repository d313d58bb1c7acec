import { branch, rule, WEEK_RULES } from '../../test/fixtures.js';
import {
  branchStatus,
  currentInterval,
  deliveryRules,
  isBranchStyledClosed,
  isOpenAt,
  nextShift,
  openingStatus,
  statusZoneDays,
} from './status.js';
import { learnZoneDays } from './time-zone.js';

const t = (iso: string) => new Date(iso);

describe('§4 "Branch status: open, open but closing soon (less than 60 minutes left), closed (with next shift)."', () => {
  it('open with more than 60 minutes left', () => {
    const s = openingStatus(WEEK_RULES, t('2026-03-30T12:00:00+02:00'));
    expect(s.state).toBe('open');
    expect(s.isOpen).toBe(true);
    expect(s.current).toMatchObject({ from: '10:00', to: '22:00', minutesLeft: 600 });
    expect(s.next).toMatchObject({ day: 'tuesday', date: '2026-03-31', from: '10:00', to: '22:00' });
  });

  it('§9 "\'Closing soon\' means less than 60 minutes left."', () => {
    expect(openingStatus(WEEK_RULES, t('2026-03-30T21:00:00+02:00')).state).toBe('open'); // exactly 60
    expect(openingStatus(WEEK_RULES, t('2026-03-30T21:00:01+02:00')).state).toBe('closingSoon');
    expect(openingStatus(WEEK_RULES, t('2026-03-30T21:59:00+02:00')).current?.minutesLeft).toBe(1);
  });

  it('opening is inclusive, closing exclusive', () => {
    expect(isOpenAt(WEEK_RULES, t('2026-03-30T10:00:00+02:00'))).toBe(true);
    expect(isOpenAt(WEEK_RULES, t('2026-03-30T09:59:59+02:00'))).toBe(false);
    expect(isOpenAt(WEEK_RULES, t('2026-03-30T22:00:00+02:00'))).toBe(false);
  });

  it('closed with the next shift: "day (\'today\' or a day), from, to"', () => {
    const morning = openingStatus(WEEK_RULES, t('2026-03-30T08:00:00+02:00'));
    expect(morning).toMatchObject({ state: 'closed', isOpen: false, current: null });
    expect(morning.next).toMatchObject({ day: 'today', from: '10:00', to: '22:00' });
    expect(morning.next?.start.toISOString()).toBe('2026-03-30T08:00:00.000Z');
    const saturdayEvening = openingStatus(WEEK_RULES, t('2026-03-28T18:00:00+01:00'));
    expect(saturdayEvening.next).toMatchObject({ day: 'monday', date: '2026-03-30', from: '10:00' });
  });

  it('no next shift within the look-ahead: null', () => {
    expect(openingStatus([], t('2026-03-30T08:00:00+02:00')).next).toBeNull();
    expect(nextShift(null, t('2026-03-30T08:00:00+02:00'))).toBeNull();
    expect(
      nextShift(
        [rule('once', '10:00', '12:00', { date: '2026-05-01' })],
        t('2026-03-30T08:00:00+02:00'),
        'Europe/Vienna',
        7,
      ),
    ).toBeNull();
  });

  it('a shift past midnight: open at 01:00 with the closing time of the next day', () => {
    const rules = [rule('friday', '20:00', '02:00')];
    const s = openingStatus(rules, t('2026-04-04T01:00:00+02:00')); // Saturday 01:00
    expect(s.state).toBe('open');
    expect(s.current).toMatchObject({ from: '20:00', to: '02:00', minutesLeft: 60 });
    expect(openingStatus([rule('daily', '18:00', '24:00')], t('2026-04-04T23:30:00+02:00')).current?.to).toBe('24:00');
  });

  it('a shift open around the clock runs on across days', () => {
    const s = openingStatus([rule('daily', '00:00', '24:00')], t('2026-03-30T12:00:00+02:00'));
    expect(s.state).toBe('open');
    expect(s.current!.end.getTime()).toBeGreaterThan(t('2026-04-02T00:00:00+02:00').getTime());
    expect(currentInterval([rule('daily', '00:00', '24:00')], t('2026-03-30T12:00:00+02:00'))).not.toBeNull();
  });

  it('DST 2026-03-29: a night shift 22:00–04:00 closes at 04:00 local after the change (5 real hours)', () => {
    const rules = [rule('saturday', '22:00', '04:00')];
    const s = openingStatus(rules, t('2026-03-29T00:30:00Z')); // 01:30 local, +1
    expect(s.current?.end.toISOString()).toBe('2026-03-29T02:00:00.000Z'); // 04:00 local, +2
    expect(s.current!.end.getTime() - s.current!.start.getTime()).toBe(5 * 3_600_000);
    expect(openingStatus(rules, t('2026-03-29T01:30:00Z')).state).toBe('closingSoon'); // 03:30 local
  });

  it('DST 2026-10-25: during the repeated hour the night shift is still open; closes at 04:00 local (7 real hours)', () => {
    const rules = [rule('saturday', '22:00', '04:00')];
    const s = openingStatus(rules, t('2026-10-25T00:30:00Z')); // first 02:30 local (+2)
    expect(s.state).toBe('open');
    expect(s.current?.end.toISOString()).toBe('2026-10-25T03:00:00.000Z'); // 04:00 local (+1)
    expect(s.current!.end.getTime() - s.current!.start.getTime()).toBe(7 * 3_600_000);
    expect(openingStatus(rules, t('2026-10-25T01:30:00Z')).state).toBe('open'); // second 02:30 local (+1), 90 min left
  });

  it('DST: a morning opening at 10:00 local is 08:00Z after and 09:00Z before the spring change', () => {
    const rules = [rule('daily', '10:00', '12:00')];
    expect(isOpenAt(rules, t('2026-03-28T09:00:00Z'))).toBe(true);
    expect(isOpenAt(rules, t('2026-03-29T08:00:00Z'))).toBe(true);
    expect(isOpenAt(rules, t('2026-03-29T07:59:00Z'))).toBe(false);
    expect(isOpenAt(rules, t('2026-10-25T09:00:00Z'))).toBe(true);
    expect(isOpenAt(rules, t('2026-10-25T08:59:00Z'))).toBe(false);
  });
});

describe('§4 "Delivery is open according to deliveryHours when isDeliveryHoursEnabled, otherwise according to opening hours. The branch counts as open if opening hours or (when enabled) delivery hours are open."', () => {
  const deliveryHours = [rule('daily', '17:00', '21:00')];

  it('delivery follows opening hours when delivery hours are off', () => {
    const b = branch({ openingHours: WEEK_RULES, deliveryHours, isDeliveryHoursEnabled: false });
    const s = branchStatus(b, t('2026-03-30T12:00:00+02:00'));
    expect(s).toMatchObject({ isOpen: true, isDeliveryOpen: true });
    expect(s.delivery).toBe(s.opening);
    expect(deliveryRules(b)).toBe(b.openingHours);
  });

  it('delivery follows deliveryHours when enabled', () => {
    const b = branch({ openingHours: WEEK_RULES, deliveryHours, isDeliveryHoursEnabled: true });
    expect(branchStatus(b, t('2026-03-30T12:00:00+02:00'))).toMatchObject({ isOpen: true, isDeliveryOpen: false });
    expect(branchStatus(b, t('2026-03-30T18:00:00+02:00'))).toMatchObject({ isOpen: true, isDeliveryOpen: true });
    expect(deliveryRules(b)).toBe(b.deliveryHours);
  });

  it('the branch counts as open when only the delivery hours are open', () => {
    const b = branch({ openingHours: WEEK_RULES, deliveryHours, isDeliveryHoursEnabled: true });
    expect(branchStatus(b, t('2026-03-29T18:00:00+02:00'))).toMatchObject({ isOpen: true, isDeliveryOpen: true }); // Sunday
    expect(branchStatus({ ...b, isDeliveryHoursEnabled: false }, t('2026-03-29T18:00:00+02:00')).isOpen).toBe(false);
  });

  it('uses the branch time zone', () => {
    const b = branch({ openingHours: [rule('daily', '10:00', '11:00')], timezone: 'America/New_York' });
    expect(branchStatus(b, t('2026-06-01T14:30:00Z')).isOpen).toBe(true);
    expect(branchStatus({ ...b, timezone: 'Europe/Vienna' }, t('2026-06-01T14:30:00Z')).isOpen).toBe(false);
  });
});

describe('§2.5 "The whole branch is styled closed when it is closed and preorder is off."', () => {
  it('only a closed branch without preorder', () => {
    expect(isBranchStyledClosed({ isPreorderEnabled: false }, { isOpen: false })).toBe(true);
    expect(isBranchStyledClosed({ isPreorderEnabled: true }, { isOpen: false })).toBe(false);
    expect(isBranchStyledClosed({ isPreorderEnabled: false }, { isOpen: true })).toBe(false);
  });
});

describe("a server render's zone days (issue 22: the browser hydrates the branch list without an Intl date format)", () => {
  it('hold every offset the branch status reads, at any hour, east and west of Greenwich, for hours around the clock too', () => {
    const schedules = {
      aroundTheClock: [rule('daily', '00:00', '24:00')],
      week: WEEK_RULES,
      pastMidnight: [rule('daily', '18:00', '24:00'), rule('daily', '00:00', '02:00')],
    };
    let learned = 0;
    for (const zone of ['Europe/Vienna', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Kolkata'])
      // every hour of two December days (no offset change in these zones then)
      for (let now = Date.parse('2026-12-06T00:00:00Z'); now < Date.parse('2026-12-08T00:00:00Z'); now += 3_600_000)
        for (const [name, hours] of Object.entries(schedules)) {
          // learned under a name Intl does not know: an offset outside the handed days throws instead of asking Intl
          // (a name ending in a sign and digits would be read as an offset: 'Test/Learned-12' is UTC-12)
          const standIn = `Test/Learned${++learned}x`;
          learnZoneDays([{ ...statusZoneDays(zone, now), zone: standIn }]);
          const branch = { openingHours: hours, deliveryHours: hours, isDeliveryHoursEnabled: true, timezone: standIn };
          expect(() => branchStatus(branch, new Date(now))).not.toThrow();
          // the same status as with the zone itself (the case named, should it differ)
          const at = `${zone} ${name} ${new Date(now).toISOString()}`;
          expect({ at, status: branchStatus(branch, new Date(now)) }).toEqual({
            at,
            status: branchStatus({ ...branch, timezone: zone }, new Date(now)),
          });
        }
  });
});
