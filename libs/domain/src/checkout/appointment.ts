/**
 * §5 "Appointment must fall within opening hours (delivery hours for delivery when enabled), else 'Zum
 * ausgewählten Zeitpunkt haben wir leider geschlossen. Bitte wählen Sie einen Termin während unserer
 * Öffnungszeiten.' If the branch requires an appointment and none is set: 'Bitte wählen Sie einen Termin aus.'"
 */
import type { Branch, DeliveryMethod } from '@shop/contracts';
import { isOpenAt, branchTimeZone, type BranchHours } from '../opening-hours/status.js';
import { text } from '../texts.js';

/** The rules an appointment of this order type must fall into. */
export function appointmentRules(branch: BranchHours, method: DeliveryMethod): BranchHours['openingHours'] {
  return method === 'delivery' && branch.isDeliveryHoursEnabled ? branch.deliveryHours : branch.openingHours;
}

/** The appointment message, or null when the appointment is fine (or optional and not set). */
export function appointmentMessage(input: {
  branch: BranchHours & Pick<Branch, 'isAppointmentRequired'>;
  deliveryMethod: DeliveryMethod;
  appointment: Date | null | undefined;
}): string | null {
  const { branch, deliveryMethod, appointment } = input;
  if (!appointment) return branch.isAppointmentRequired ? text('appointmentRequired') : null;
  return isOpenAt(appointmentRules(branch, deliveryMethod), appointment, branchTimeZone(branch))
    ? null
    : text('appointmentClosed');
}
