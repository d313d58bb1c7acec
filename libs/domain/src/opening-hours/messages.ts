/** The opening-hours texts of §2.2 (toolbar), §2.3 (branch list) and §4 (intro messages). */
import type { Branch, DeliveryMethod } from '@shop/contracts';
import { text } from '../texts.js';
import type { BranchStatus, NextShift, OpeningStatus } from './status.js';
import { weekdayName } from './time-zone.js';

/** §2.2 "shows … the number of open branches ('1 Standort geöffnet', 'N Standorte geöffnet', 'Alle Standorte geschlossen')" */
export function openBranchesText(openCount: number): string {
  if (openCount <= 0) return text('toolbarAllClosed');
  if (openCount === 1) return text('toolbarOneOpen');
  return text('toolbarManyOpen', { n: openCount });
}

export interface ToolbarBranchText {
  text: string;
  /** warning style: open but closing soon */
  isWarning: boolean;
}

/** §2.2 "For a selected branch it shows 'Geöffnet bis {time}' (warning style when closing soon) or 'Geschlossen'." */
export function toolbarBranchText(status: Pick<BranchStatus, 'opening' | 'delivery'>): ToolbarBranchText {
  const open: OpeningStatus | undefined = [status.opening, status.delivery].find((s) => s.isOpen);
  if (!open?.current) return { text: text('closed'), isWarning: false };
  return { text: text('toolbarOpenUntil', { time: open.current.to }), isWarning: open.state === 'closingSoon' };
}

/** §2.3 "Result line '{n} von {total} Filialen werden angezeigt.' or 'Leider wurden keine Ergebnisse gefunden.'" */
export function branchResultsText(shown: number, total: number): string {
  return shown > 0 ? text('branchResults', { n: shown, total }) : text('noResults');
}

function dayLabel(shift: NextShift): string {
  return shift.day === 'today' ? '' : weekdayName(shift.day);
}

/**
 * §2.3 branch card status lines: "'Offen heute {from} Uhr bis {to} Uhr'; 'Abholung {orderableFrom or
 * opening} Uhr bis {closing} Uhr'; when closed the closedMessage, or 'Offen heute ...', 'Öffnet {day} um
 * {from} Uhr', 'Geschlossen'." The pickup line is shown only when takeaway is enabled.
 */
export function branchCardLines(
  branch: Pick<Branch, 'orderableFrom' | 'closedMessage'> & { isTakeawayEnabled?: boolean },
  opening: OpeningStatus,
): string[] {
  if (opening.current) {
    const { from, to } = opening.current;
    const lines = [text('openToday', { from, to })];
    if (branch.isTakeawayEnabled !== false) lines.push(text('pickup', { from: branch.orderableFrom ?? from, to }));
    return lines;
  }
  if (branch.closedMessage) return [branch.closedMessage];
  const next = opening.next;
  if (next?.day === 'today') return [text('openToday', { from: next.from, to: next.to })];
  if (next) return [text('opensOn', { day: dayLabel(next), from: next.from })];
  return [text('closed')];
}

export type IntroKind = 'open' | 'closed' | 'deliveryClosed';

export interface IntroMessages {
  kind: IntroKind;
  /** the lines in order */
  messages: string[];
  /** delivery closed: the other enabled modes to hint at (takeaway, dineIn); the hint has no wording in the spec */
  alternatives: DeliveryMethod[];
}

export interface IntroInput {
  branch: Pick<
    Branch,
    'closedMessage' | 'isPreorderEnabled' | 'isDeliveryEnabled' | 'isTakeawayEnabled' | 'isDineInEnabled'
  >;
  status: Pick<BranchStatus, 'opening' | 'delivery' | 'isOpen' | 'isDeliveryOpen'>;
  /** the branch page or the checkout (other wording of two lines) */
  context?: 'branch' | 'checkout';
  /** when set and not 'delivery', closed delivery is not mentioned */
  deliveryMethod?: DeliveryMethod | null;
}

/**
 * §4 "Intro messages when closed: 'Derzeit haben wir leider geschlossen.' with 'Wir öffnen wieder um
 * {from} Uhr.' or 'Wir öffnen wieder am {day} um {from} Uhr.'; closedMessage when there is no next shift.
 * Delivery-only closed: 'Derzeit ist leider keine Lieferung möglich.' (the checkout variant reads 'Derzeit
 * bieten wir leider keine Lieferung an.') with 'Wir liefern wieder ab {from} Uhr.' or 'Wir liefern wieder
 * am {day} ab {from} Uhr.', plus a takeaway or dine-in alternative hint depending on enabled modes. With
 * preorder enabled: 'Gerne nehmen wir auch Ihre Vorbestellungen entgegen.' (checkout: 'Sie können aber
 * gerne für einen späteren Zeitpunkt vorbestellen.') and, when fully closed, 'Wir bearbeiten diese sobald
 * wir wieder geöffnet haben.'"
 */
export function introMessages(input: IntroInput): IntroMessages {
  const { branch, status, context = 'branch', deliveryMethod } = input;
  const preorder = context === 'checkout' ? text('preorderCheckout') : text('preorder');

  if (!status.isOpen) {
    const messages = [text('closedNow')];
    // the earlier of the next opening and the next delivery shift (either makes the branch count as open)
    const next = [status.opening.next, status.delivery.next]
      .filter((n): n is NextShift => n !== null)
      .sort((a, b) => a.start.getTime() - b.start.getTime())[0];
    if (next?.day === 'today') messages.push(text('reopensAt', { from: next.from }));
    else if (next) messages.push(text('reopensOn', { day: dayLabel(next), from: next.from }));
    else if (branch.closedMessage) messages.push(branch.closedMessage);
    if (branch.isPreorderEnabled) messages.push(preorder, text('preorderProcessedLater'));
    return { kind: 'closed', messages, alternatives: [] };
  }

  const deliveryRelevant = deliveryMethod === undefined || deliveryMethod === null || deliveryMethod === 'delivery';
  if (branch.isDeliveryEnabled && !status.isDeliveryOpen && deliveryRelevant) {
    const messages = [context === 'checkout' ? text('deliveryClosedCheckout') : text('deliveryClosed')];
    const next = status.delivery.next;
    if (next?.day === 'today') messages.push(text('deliveryResumesAt', { from: next.from }));
    else if (next) messages.push(text('deliveryResumesOn', { day: dayLabel(next), from: next.from }));
    if (branch.isPreorderEnabled) messages.push(preorder);
    const alternatives: DeliveryMethod[] = [];
    if (branch.isTakeawayEnabled) alternatives.push('takeaway');
    if (branch.isDineInEnabled) alternatives.push('dineIn');
    return { kind: 'deliveryClosed', messages, alternatives };
  }
  return { kind: 'open', messages: [], alternatives: [] };
}
