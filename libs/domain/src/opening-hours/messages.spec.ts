import { branch, rule, WEEK_RULES } from '../../test/fixtures.js';
import { branchCardLines, branchResultsText, introMessages, openBranchesText, toolbarBranchText } from './messages.js';
import { branchStatus, openingStatus } from './status.js';

const t = (iso: string) => new Date(iso);
const MONDAY_NOON = t('2026-03-30T12:00:00+02:00');
const MONDAY_0800 = t('2026-03-30T08:00:00+02:00');
const SATURDAY_EVENING = t('2026-03-28T18:00:00+01:00');

describe("§2.2 toolbar: \"the number of open branches ('1 Standort geöffnet', 'N Standorte geöffnet', 'Alle Standorte geschlossen')\"", () => {
  it('counts open branches', () => {
    expect(openBranchesText(0)).toBe('Alle Standorte geschlossen');
    expect(openBranchesText(1)).toBe('1 Standort geöffnet');
    expect(openBranchesText(3)).toBe('3 Standorte geöffnet');
  });

  it("\"For a selected branch it shows 'Geöffnet bis {time}' (warning style when closing soon) or 'Geschlossen'.\"", () => {
    const b = branch({ openingHours: WEEK_RULES });
    expect(toolbarBranchText(branchStatus(b, MONDAY_NOON))).toEqual({ text: 'Geöffnet bis 22:00', isWarning: false });
    expect(toolbarBranchText(branchStatus(b, t('2026-03-30T21:30:00+02:00')))).toEqual({
      text: 'Geöffnet bis 22:00',
      isWarning: true,
    });
    expect(toolbarBranchText(branchStatus(b, MONDAY_0800))).toEqual({ text: 'Geschlossen', isWarning: false });
  });
});

describe("§2.3 \"Result line '{n} von {total} Filialen werden angezeigt.' or 'Leider wurden keine Ergebnisse gefunden.'\"", () => {
  it('shows counts or the empty message', () => {
    expect(branchResultsText(2, 5)).toBe('2 von 5 Filialen werden angezeigt.');
    expect(branchResultsText(0, 5)).toBe('Leider wurden keine Ergebnisse gefunden.');
  });
});

describe('§2.3 branch card status lines', () => {
  const b = branch({ openingHours: WEEK_RULES, orderableFrom: null, closedMessage: null });

  it("\"'Offen heute {from} Uhr bis {to} Uhr'; 'Abholung {orderableFrom or opening} Uhr bis {closing} Uhr'\"", () => {
    const open = openingStatus(WEEK_RULES, MONDAY_NOON);
    expect(branchCardLines(b, open)).toEqual([
      'Offen heute 10:00 Uhr bis 22:00 Uhr',
      'Abholung 10:00 Uhr bis 22:00 Uhr',
    ]);
    expect(branchCardLines({ ...b, orderableFrom: '11:30' }, open)).toEqual([
      'Offen heute 10:00 Uhr bis 22:00 Uhr',
      'Abholung 11:30 Uhr bis 22:00 Uhr',
    ]);
    expect(branchCardLines({ ...b, isTakeawayEnabled: false }, open)).toEqual(['Offen heute 10:00 Uhr bis 22:00 Uhr']);
  });

  it("\"when closed the closedMessage, or 'Offen heute ...', 'Öffnet {day} um {from} Uhr', 'Geschlossen'\"", () => {
    expect(
      branchCardLines({ ...b, closedMessage: 'Betriebsurlaub bis 6. April' }, openingStatus(WEEK_RULES, MONDAY_0800)),
    ).toEqual(['Betriebsurlaub bis 6. April']);
    expect(branchCardLines(b, openingStatus(WEEK_RULES, MONDAY_0800))).toEqual(['Offen heute 10:00 Uhr bis 22:00 Uhr']);
    expect(branchCardLines(b, openingStatus(WEEK_RULES, SATURDAY_EVENING))).toEqual(['Öffnet Montag um 10:00 Uhr']);
    expect(branchCardLines(b, openingStatus([], SATURDAY_EVENING))).toEqual(['Geschlossen']);
  });
});

describe('§4 intro messages', () => {
  const base = branch({
    openingHours: WEEK_RULES,
    deliveryHours: [rule('daily', '17:00', '21:00')],
    isDeliveryHoursEnabled: true,
    isDeliveryEnabled: true,
    isTakeawayEnabled: true,
    isDineInEnabled: false,
    isPreorderEnabled: false,
    closedMessage: null,
  });
  const intro = (b: typeof base, now: Date, extra: Partial<Parameters<typeof introMessages>[0]> = {}) =>
    introMessages({ branch: b, status: branchStatus(b, now), ...extra });

  it('open: no messages', () => {
    expect(intro(base, t('2026-03-30T18:00:00+02:00'))).toEqual({ kind: 'open', messages: [], alternatives: [] });
  });

  it("\"'Derzeit haben wir leider geschlossen.' with 'Wir öffnen wieder um {from} Uhr.'\"", () => {
    expect(intro(base, MONDAY_0800).messages).toEqual([
      'Derzeit haben wir leider geschlossen.',
      'Wir öffnen wieder um 10:00 Uhr.',
    ]);
  });

  it('"or \'Wir öffnen wieder am {day} um {from} Uhr.\'"', () => {
    const noDeliveryHours = { ...base, isDeliveryHoursEnabled: false };
    expect(intro(noDeliveryHours, SATURDAY_EVENING)).toEqual({
      kind: 'closed',
      messages: ['Derzeit haben wir leider geschlossen.', 'Wir öffnen wieder am Montag um 10:00 Uhr.'],
      alternatives: [],
    });
  });

  it('reopening is the earlier of the next opening and the next delivery shift', () => {
    const earlyDelivery = { ...base, deliveryHours: [rule('daily', '09:00', '21:00')] };
    expect(intro(earlyDelivery, t('2026-03-30T07:00:00+02:00')).messages).toEqual([
      'Derzeit haben wir leider geschlossen.',
      'Wir öffnen wieder um 09:00 Uhr.',
    ]);
  });

  it('"closedMessage when there is no next shift"', () => {
    const gone = { ...base, openingHours: [], deliveryHours: [], closedMessage: 'Wir haben dauerhaft geschlossen.' };
    expect(intro(gone, MONDAY_NOON).messages).toEqual([
      'Derzeit haben wir leider geschlossen.',
      'Wir haben dauerhaft geschlossen.',
    ]);
    expect(intro({ ...gone, closedMessage: null }, MONDAY_NOON).messages).toEqual([
      'Derzeit haben wir leider geschlossen.',
    ]);
  });

  it("\"With preorder enabled: 'Gerne nehmen wir auch Ihre Vorbestellungen entgegen.' … and, when fully closed, 'Wir bearbeiten diese sobald wir wieder geöffnet haben.'\"", () => {
    const preorder = { ...base, isPreorderEnabled: true };
    expect(intro(preorder, MONDAY_0800).messages).toEqual([
      'Derzeit haben wir leider geschlossen.',
      'Wir öffnen wieder um 10:00 Uhr.',
      'Gerne nehmen wir auch Ihre Vorbestellungen entgegen.',
      'Wir bearbeiten diese sobald wir wieder geöffnet haben.',
    ]);
    expect(intro(preorder, MONDAY_0800, { context: 'checkout' }).messages).toEqual([
      'Derzeit haben wir leider geschlossen.',
      'Wir öffnen wieder um 10:00 Uhr.',
      'Sie können aber gerne für einen späteren Zeitpunkt vorbestellen.',
      'Wir bearbeiten diese sobald wir wieder geöffnet haben.',
    ]);
  });

  it("\"Delivery-only closed: 'Derzeit ist leider keine Lieferung möglich.' … with 'Wir liefern wieder ab {from} Uhr.' … plus a takeaway or dine-in alternative hint\"", () => {
    expect(intro(base, MONDAY_NOON)).toEqual({
      kind: 'deliveryClosed',
      messages: ['Derzeit ist leider keine Lieferung möglich.', 'Wir liefern wieder ab 17:00 Uhr.'],
      alternatives: ['takeaway'],
    });
    expect(intro({ ...base, isDineInEnabled: true, isTakeawayEnabled: false }, MONDAY_NOON).alternatives).toEqual([
      'dineIn',
    ]);
  });

  it('"(the checkout variant reads \'Derzeit bieten wir leider keine Lieferung an.\')" and "\'Wir liefern wieder am {day} ab {from} Uhr.\'"', () => {
    const weekdays = { ...base, deliveryHours: [rule('tuesday', '17:00', '21:00')], isPreorderEnabled: true };
    expect(
      intro(weekdays, t('2026-03-30T18:00:00+02:00'), { context: 'checkout', deliveryMethod: 'delivery' }).messages,
    ).toEqual([
      'Derzeit bieten wir leider keine Lieferung an.',
      'Wir liefern wieder am Dienstag ab 17:00 Uhr.',
      'Sie können aber gerne für einen späteren Zeitpunkt vorbestellen.',
    ]);
    const never = { ...base, deliveryHours: [] };
    expect(intro(never, MONDAY_NOON).messages).toEqual(['Derzeit ist leider keine Lieferung möglich.']);
  });

  it('closed delivery is not mentioned for takeaway orders or branches without delivery', () => {
    expect(intro(base, MONDAY_NOON, { deliveryMethod: 'takeaway' }).kind).toBe('open');
    expect(intro({ ...base, isDeliveryEnabled: false }, MONDAY_NOON).kind).toBe('open');
  });
});
