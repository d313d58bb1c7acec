import type { Branch, Config, StaffOrder } from '@shop/contracts';

/** The German new-order SMS: short, with the status link (one SMS for the text, the link makes it two). */
export function renderNewOrderSms(order: StaffOrder, branch: Branch, shop: Config, publicBaseUrl: string): string {
  const number = `${shop.disableTickets ? 'Bestellnummer' : 'Ticket'} ${order.ticketNumber}`;
  return `${branch.name}: Ihre Bestellung (${number}) ist eingegangen. Status: ${publicBaseUrl}/status/${order.uid}/${order.hash}`;
}
