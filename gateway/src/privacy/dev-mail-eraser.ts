import { Inject, Injectable } from '@nestjs/common';
import type { PrivacyErasure } from '@shop/contracts';
import { CONFIG } from '@shop/server';
import { simpleParser, type AddressObject } from 'mailparser';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { GatewayConfig } from '../config/gateway-config.js';

/** Runs of digits a phone number may be written as: `+43 664 123 45 67`, `0664/1234567`, `(0664) 12-34-567`. */
const PHONE_LIKE = /\+?\d[\d ./()-]{4,}\d/g;

const addressText = (a: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(a) ? a : a ? [a] : []).map((x) => x.text).join('\n');

/** The needles of an erasure: the addresses, the national numbers, and the names of two words or more. */
function needlesOf(erasure: PrivacyErasure) {
  return {
    emails: erasure.subject.emails.map((e) => e.toLowerCase()),
    digits: erasure.subject.phoneDigits,
    // one word ('Anna') would take every mail naming anyone so called
    names: erasure.names.map((n) => n.trim().toLowerCase()).filter((n) => /\S\s+\S/.test(n)),
  };
}

/** Whether a mail (raw, and decoded: quoted-printable or base64 parts) names the subject. */
async function mentions(raw: Buffer, needles: ReturnType<typeof needlesOf>): Promise<boolean> {
  const mail = await simpleParser(raw);
  const text = [
    raw.toString('utf8'),
    mail.subject ?? '',
    addressText(mail.from),
    addressText(mail.to),
    addressText(mail.cc),
    mail.text ?? '',
    typeof mail.html === 'string' ? mail.html : '',
  ]
    .join('\n')
    .toLowerCase();
  if (needles.emails.some((e) => text.includes(e))) return true;
  if (needles.names.some((n) => text.includes(n))) return true;
  const numbers = (text.match(PHONE_LIKE) ?? []).map((n) => n.replace(/\D/g, ''));
  return numbers.some((n) => needles.digits.some((d) => n.endsWith(d)));
}

/**
 * Issue 44: after an erasure, the copies of the customer's e-mails that `npm start`'s mail catcher keeps
 * (DEV_MAIL_DIR, scripts/lib/dev-mail.mjs: one .eml file per mail; development only, the config refuses it in
 * production) are deleted too: every mail that holds the address, the phone number (any way of writing it that ends
 * with its national digits) or one of the customer's full names.
 */
@Injectable()
export class DevMailEraser {
  private readonly dir: string | null;
  constructor(@Inject(CONFIG) config: GatewayConfig) {
    this.dir = config.DEV_MAIL_DIR ?? null;
  }

  /** How many mails were deleted; null without a mail catcher. */
  async erase(erasure: PrivacyErasure): Promise<number | null> {
    if (!this.dir) return null;
    const needles = needlesOf(erasure);
    const files = (await readdir(this.dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
    let deleted = 0;
    for (const file of files) {
      const path = join(this.dir, file);
      // the catcher prunes old mails as new ones arrive: one gone meanwhile is no error
      const raw = await readFile(path).catch(() => null);
      if (raw && (await mentions(raw, needles))) {
        await rm(path, { force: true });
        deleted++;
      }
    }
    return deleted;
  }
}
