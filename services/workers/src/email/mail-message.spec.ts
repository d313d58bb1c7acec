import { ORDER_STATUS_MAIL_KINDS, type OrderStatusMailJob } from '@shop/contracts';
import MailComposer from 'nodemailer/lib/mail-composer';
import {
  BASE_URL,
  MESSAGE_BRANCH,
  MESSAGE_SHOP,
  ORDER_STEP_NAMES,
  staffOrder,
  statusMailJob,
} from '../../test/mail-fixtures.js';
import { composeMail, type OutgoingMail } from './mail-message.js';
import { renderNewOrderEmail } from './new-order-email.js';
import { renderOrderStatusEmail } from './order-status-email.js';

const FROM = 'Bestellungen Donaugenuss <bestellungen@example.at>';
// an ampersand and an umlaut in the name: the subjects' encoded words
const branch = { ...MESSAGE_BRANCH, name: 'Donaugenuss Innere Stadt & Söhne' };
const order = staffOrder({
  isDelivery: true,
  appointment: '2026-12-24T17:30:00.000Z',
  deliveryAddress: { street: 'Kärntner Straße 5', zipCode: '1010', city: 'Wien' },
  customer: {
    firstName: 'Zoë',
    lastName: 'Müller-Łukasiewicz',
    email: 'zoe@example.at',
    phone: '+43 660 1234567',
    // trailing spaces, a line of its own and a long line: where quoted-printable encodes and wraps
    comment: `Bitte beim Hintereingang läuten.  \nDanke!\n${'Sehr lange Anmerkung ohne Umbruch, '.repeat(8)}`,
  },
});

const statusJob = (kind: OrderStatusMailJob['kind']): OrderStatusMailJob =>
  statusMailJob({
    kind,
    customer: { email: 'zoe@example.at', firstName: 'Zoë', lastName: 'Müller' },
    sender: { branch, shop: MESSAGE_SHOP },
    order: {
      counterAppointment: kind === 'counter-proposal' ? '2026-12-24T17:30:00.000Z' : null,
      rejectionMessage: kind === 'rejected' ? 'Leider ausgebucht – bitte morgen wieder.' : null,
    },
  });

/** Every mail the workers send: both new-order mails, each status mail, and a form mail with a copy. */
function everyMail(): Array<[string, OutgoingMail]> {
  const mails: Array<[string, OutgoingMail]> = (['customer', 'branch'] as const).map((audience) => {
    const mail = renderNewOrderEmail(audience, order, branch, MESSAGE_SHOP, BASE_URL, ORDER_STEP_NAMES);
    return [`new order, ${audience}`, { from: FROM, to: 'zoe@example.at', ...mail, messageId: `<e-17.${audience}@x>` }];
  });
  for (const kind of ORDER_STATUS_MAIL_KINDS) {
    const mail = renderOrderStatusEmail(statusJob(kind), BASE_URL);
    mails.push([`status ${kind}`, { from: FROM, to: 'zoe@example.at', ...mail, messageId: `<e-17-${kind}@x>` }]);
  }
  mails.push([
    'form mail with a copy',
    {
      from: FROM,
      to: 'Filiale Innere Stadt <innere-stadt@example.at>',
      cc: ['chef@example.at', 'Zoë Müller <zoe@example.at>'],
      subject: 'Neue Anfrage: „Tischreservierung“ für 12 Personen',
      text: 'Name: Zoë Müller\r\nNachricht:\r\nGeht es um 19 Uhr?\r\n',
      html: '<p>Name: Zoë Müller</p><p>Nachricht:<br>Geht es um 19&nbsp;Uhr?</p>',
      messageId: '<form-1@x>',
    },
  ]);
  return mails;
}

/** The parts that differ between two builds of the same mail: the boundaries' random part and the Date header. */
const comparable = (raw: Buffer) =>
  raw
    .toString('utf8')
    .replace(/_NmP-[0-9a-f]{16}-Part_/g, '_NmP-boundary-Part_')
    .replace(/^Date: .*$/m, 'Date: (build time)');

describe('composeMail', () => {
  it.each(everyMail())("writes the %s byte for byte as nodemailer's own build does", async (_name, mail) => {
    const composed = composeMail(mail);
    const built = await new MailComposer(mail).compile().build();
    expect(comparable(composed.raw)).toBe(comparable(built));
    // ASCII only (one byte per character), lines within 76 characters (quoted-printable, folded headers) and a line break at the end
    const text = composed.raw.toString('utf8');
    expect(Buffer.byteLength(text)).toBe(text.length);
    expect(Math.max(...text.split(/\r?\n/).map((line) => line.length))).toBeLessThanOrEqual(76);
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('addresses the envelope to every recipient, the copies included, from the sender', () => {
    const [, formMail] = everyMail().at(-1)!;
    expect(composeMail(formMail).envelope).toEqual({
      from: 'bestellungen@example.at',
      to: ['innere-stadt@example.at', 'chef@example.at', 'zoe@example.at'],
    });
  });
});
