import { privacySubject } from '@shop/server';
import { resolve } from 'node:path';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import type { ContentConfig } from '../src/config/content-config.js';
import type { FormContent } from '../src/forms/form-check.js';
import { SubmitForm } from '../src/forms/submit-form.usecase.js';
import { NodeEntity } from '../src/nodes/node.entity.js';
import { storeUpload } from '../src/uploads/upload.service.js';
import type { UploadEntity } from '../src/uploads/upload.entity.js';

/**
 * What the privacy specs of the content service share (issue 44): a call-back form with name, address, number, a
 * message (no fieldId: keyed by its position, 5) and two mail actions, the customer who sends it, and the subject a
 * request for her data searches for.
 */
export const CALLBACK_FORM: FormContent = {
  name: 'Rückruf',
  fields: [
    { kind: 'text', fieldId: 'firstName', label: 'Vorname', isRequired: true },
    { kind: 'text', fieldId: 'lastName', label: 'Nachname', isRequired: true },
    { kind: 'text', fieldId: 'email', label: 'E-Mail', type: 'email' },
    { kind: 'text', fieldId: 'phone', label: 'Telefon', type: 'phone' },
    { kind: 'text', fieldId: 'company', label: 'Firmenname' },
    { kind: 'text', label: 'Ihre <b>Nachricht</b>', type: 'textarea' },
    { kind: 'boolean', fieldId: 'privacy', label: 'Datenschutz' },
  ],
  actions: [
    {
      kind: 'sendMail',
      recipient: 'office@example.at',
      subject: 'Rückruf für {firstName} {lastName}',
      message: 'Von {email}, Telefon {phone}:\n{5}',
    },
    { kind: 'sendMail', recipient: 'chef@example.at', subject: 'Kopie', message: 'Anfrage von {lastName}' },
  ],
};

export const ANNA = {
  firstName: 'Anna',
  lastName: 'Mustermann',
  email: 'Anna.Mustermann@Example.at',
  phone: '+43 664 1234567',
  company: 'Muster GmbH',
  5: 'Bitte rufen Sie mich an.',
  privacy: true,
};
/** her request as staff type it: the address in lower case, the number as dialled in Austria */
export const ANNAS_SUBJECT = privacySubject({ email: 'anna.mustermann@example.at', phone: '0664 123 45 67' });

/** A public form node. */
export const formNode = (ds: DataSource, content: FormContent = CALLBACK_FORM): Promise<NodeEntity> =>
  ds.getRepository(NodeEntity).save({
    identifier: null,
    type: 'form',
    isPublic: true,
    content: content as unknown as Record<string, unknown>,
    name: content.name,
  } as NodeEntity);

/** Submits a form as a visitor does (its row, its event and its mail jobs in the outbox); answers the id. */
export async function submit(ds: DataSource, config: ContentConfig, node: number, values: object): Promise<number> {
  const use = new SubmitForm(ds, { kick: () => Promise.resolve() }, config);
  return (await use.execute(node, values as never)).id;
}

/** Stores a picture as a visitor's upload (the file and its JPEG preview under FILES_DIR/upload/{publicHash}/). */
export async function upload(ds: DataSource, config: ContentConfig, filename: string): Promise<UploadEntity> {
  const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  return storeUpload(ds, resolve(config.FILES_DIR, 'upload'), png, 'image/png', filename, config.UPLOAD_MAX_BYTES);
}
