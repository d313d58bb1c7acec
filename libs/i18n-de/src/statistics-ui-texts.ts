/**
 * The back office's statistics screens (issue 41): a title per metric of backoffice-platform.md §7, the units of
 * `items` and `popular-items`, the comparison with the previous period and the user profile screen. PROPOSED
 * wording (the spec names the metrics, not their German titles); the load failure stays §8's
 * 'Statistik konnte nicht geladen werden.' (`backoffice.statisticsFailed`).
 */
export const STATISTICS_UI_TEXTS = {
  /** one title per metric (GET /api/statistics/{metric}) */
  metrics: {
    'unique-visitors': 'Besucher',
    'page-views': 'Seitenaufrufe',
    pages: 'Meistbesuchte Seiten',
    events: 'Ereignisse',
    'event-flow': 'Ereignisfolge',
    resolutions: 'Bildschirmgrößen',
    'device-pixel-ratios': 'Pixeldichte',
    'color-schemes': 'Farbschema',
    referrers: 'Herkunft',
    browsers: 'Browser',
    'operating-systems': 'Betriebssysteme',
    orders: 'Bestellungen',
    revenue: 'Umsatz',
    'canceled-orders': 'Stornierungen',
    items: 'Verkaufte Artikel',
    'popular-items': 'Beliebte Artikel',
    'visitor-times': 'Besuche nach Wochentag und Stunde',
    'order-times': 'Bestellungen nach Wochentag und Stunde',
    'order-origins': 'Bestellherkunft',
    'revenue-origins': 'Umsatz nach Herkunft',
    'working-activities': 'Gearbeitete Stunden',
    'working-schedules': 'Geplante Stunden',
  },
  /** the quantity units of items and popular-items (the base unit of each unit type), as a column and after a value */
  units: {
    piece: 'Stk.',
    serving: 'Port.',
    pair: 'Paar',
    person: 'Pers.',
    package: 'Pkg.',
    gram: 'g',
    milliliter: 'ml',
    millimeter: 'mm',
    squareMillimeter: 'mm²',
    cubicMillimeter: 'mm³',
  },
  unit: 'Einheit',
  /** the groups of the dashboard */
  groups: {
    shop: 'Bestellungen und Umsatz',
    visits: 'Besuche',
    audience: 'Besucher und Geräte',
    times: 'Wochentage und Uhrzeiten',
    work: 'Arbeitszeit',
  },
  total: 'Summe',
  previousTotal: 'Vorzeitraum ({from} – {to}): {total}',
  noPrevious: 'Vorzeitraum: kein Vergleichswert',
  previousShort: 'Vorzeitraum: {total}',
  /** the branch filter's empty choice for staff who are not administrators */
  ownBranches: 'Alle eigenen Filialen',
  colorSchemes: { light: 'Hell', dark: 'Dunkel' },
  change: 'Veränderung: {change}',
  hours: '{hours} Std.',
  lastMonth: 'Letzter Monat',
  lastYear: 'Letztes Jahr',
  period: '{from} – {to}',
  /** the time axis and the first column of a series */
  time: 'Zeitpunkt',
  csvKey: 'Eintrag',
  csvTime: 'Beginn',
  csvValue: 'Wert',
  weekday: 'Wochentag',
  hour: 'Stunde',
  /** the user profile screen (GET /api/statistics/user-profile and …/user-profile-working-activities) */
  profile: {
    nav: 'Mitarbeiterprofil',
    title: 'Mitarbeiterprofil',
    user: 'Mitarbeiter',
    summary: 'Stunden im Zeitraum',
    worked: 'Gearbeitet',
    planned: 'Geplant',
    plannedUntilNow: 'Geplant bis heute',
    balance: 'Saldo',
    days: 'Gearbeitete Stunden je Tag',
    day: 'Tag',
  },
  /** the sidebar's entry of the dashboard */
  nav: 'Statistik',
} as const;
export type StatisticsUiTexts = typeof STATISTICS_UI_TEXTS;
