/**
 * The texts of what the workers send about an order: the new-order e-mail (customer and branch), the SMS,
 * the printed receipt, the test page, the lines on notification devices, what a device's log says, and the
 * payment's description at the provider.
 * PROPOSED: the spec names these messages but gives no wording; they wait for product's confirmation.
 */
export const ORDER_MESSAGE_TEXTS = {
  /* shared by e-mail, SMS, receipt and notification devices */
  ticket: 'Ticket {number}',
  orderNumber: 'Bestellnummer {number}',
  takeaway: 'Abholung',
  delivery: 'Lieferung',
  dineIn: 'Im Lokal',
  table: 'Tisch {table}',
  asSoonAsPossible: 'so bald wie möglich',
  appointment: 'Termin: {when}',
  appointmentAt: 'Termin: {when} Uhr',
  deliveryCost: 'Lieferkosten',
  total: 'Gesamt',
  comment: 'Anmerkung: {comment}',
  payment: 'Zahlung: {method}',
  phone: 'Tel. {phone}',
  /* the new-order e-mail */
  emailCustomerSubject: 'Ihre Bestellung ({number}) bei {branch}',
  emailGreeting: 'Guten Tag {name},',
  emailThanks: 'vielen Dank für Ihre Bestellung bei {branch}. Wir melden uns, sobald sie bestätigt ist.',
  emailStatusLink: 'Den Status Ihrer Bestellung sehen Sie hier: {url}',
  emailBranchSubject: 'Neue Bestellung ({number}) – {method}',
  emailBranchIntro: 'Neue Bestellung für {branch}:',
  emailDeliveryAddress: 'Lieferadresse: {address}',
  emailCustomer: 'Kunde: {customer}',
  /* what the payment provider shows the customer on its payment page */
  paymentDescription: 'Bestellung {id} – {branch}',
  /* the new-order SMS */
  sms: '{branch}: Ihre Bestellung ({number}) ist eingegangen. Status: {url}',
  /* the receipt */
  receiptOrderedAt: 'Bestellt: {time}',
  receiptTax: 'inkl. {rate} % MwSt.',
  receiptCustomer: 'Kunde: {customer}',
  receiptAddress: 'Adresse: {address}',
  receiptFloor: 'Stock {floor}',
  receiptDoor: 'Tür {door}',
  receiptPaymentCash: 'Bar',
  receiptPaymentAtmCard: 'Bankomatkarte',
  receiptPaymentHydroAgVoucher: 'Gutschein',
  receiptPaymentMollie: 'Online (Mollie)',
  receiptPaymentDatatrans: 'Online (Datatrans)',
  testPageTitle: 'Testdruck',
  testPageDevice: 'Gerät {device}',
  testPageLine1: 'Wenn Sie diesen Beleg lesen können,',
  testPageLine2: 'ist der Drucker richtig eingerichtet.',
  /* notification devices */
  notifyCreated: 'Neue Bestellung: {number}',
  notifyConfirmed: 'Bestellung bestätigt: {number}',
  notifyTest: 'Testbenachrichtigung',
  /* a device's log (back office) */
  deviceLogRequested: 'Log angefordert',
  deviceLogReceived: 'Geräte-Log',
  deviceStatus: 'Status {status}',
  devicePrinted: 'Gedruckt: {jobKey}',
  devicePrintFailed: 'Druckfehler ({reason}): {jobKey}',
} as const;
