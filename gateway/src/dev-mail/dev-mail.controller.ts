import { Controller, Get, Inject, Param, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { de } from '@shop/i18n-de';
import { CONFIG, DomainException } from '@shop/server';
import type { FastifyReply } from 'fastify';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Public } from '../auth/access.js';
import type { GatewayConfig } from '../config/gateway-config.js';
import { LocalOnlyGuard } from './local-only.guard.js';

/** A caught mail as /dev/mail/messages lists it. */
export interface CaughtMail {
  id: string;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  hasHtml: boolean;
  attachments: Array<{ filename: string | null; contentType: string; size: number }>;
}

/** `{epoch ms}-{counter}`, as scripts/lib/dev-mail.mjs names its files: nothing else reaches the file system */
const MAIL_ID = /^\d{13}-\d{6}$/;
/** the mail's own HTML runs nothing and loads nothing but pictures */
const MAIL_HTML_CSP = "sandbox; default-src 'none'; img-src 'self' data: https:; style-src 'unsafe-inline'";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const addresses = (a: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((x) => x.value.map((v) => v.address ?? v.name));
/** a text of the page, escaped */
const T = (key: keyof typeof de.devMail) => escape(de.devMail[key]);

/**
 * The mail catcher's inbox (development only: registered when DEV_MAIL_DIR is set, which the gateway's config
 * refuses in production): the .eml files `npm start`'s local SMTP server wrote, newest first, as a small page at
 * /dev/mail, as JSON at /dev/mail/messages, one mail at /dev/mail/{id} (its HTML sandboxed, its raw .eml); to
 * this machine's own requests only (LocalOnlyGuard).
 */
@ApiExcludeController()
@Public()
@UseGuards(LocalOnlyGuard)
@Controller('dev/mail')
export class DevMailController {
  private readonly dir: string;
  constructor(@Inject(CONFIG) config: GatewayConfig) {
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- registered only with DEV_MAIL_DIR (app.module)
    this.dir = config.DEV_MAIL_DIR!;
  }

  @Get()
  async page(@Res() reply: FastifyReply) {
    const mails = await this.list();
    const rows = mails
      .map(
        (m) => `<tr><td>${escape(new Date(m.receivedAt).toLocaleString('de-AT', { timeZone: 'Europe/Vienna' }))}</td>
<td>${escape(m.from)}</td><td>${escape(m.to.join(', '))}</td>
<td><a href="/dev/mail/${m.id}">${escape(m.subject) || T('noSubject')}</a></td></tr>`,
      )
      .join('\n');
    const body = mails.length
      ? `<table><thead><tr><th>${T('received')}</th><th>${T('from')}</th><th>${T('to')}</th><th>${T('subject')}</th></tr></thead>
<tbody>${rows}</tbody></table>`
      : `<p>${T('empty')}</p>`;
    return this.html(reply, T('title'), `<p>${T('intro')}</p>${body}`);
  }

  @Get('messages')
  async messages() {
    return { data: await this.list() };
  }

  @Get(':id')
  async detail(@Param('id') id: string, @Res() reply: FastifyReply) {
    const m = toCaught(id, await this.parse(id));
    const head = [
      [T('received'), new Date(m.receivedAt).toLocaleString('de-AT', { timeZone: 'Europe/Vienna' })],
      [T('from'), m.from],
      [T('to'), m.to.join(', ')],
      [T('subject'), m.subject],
    ]
      .map(([k, v]) => `<tr><th>${k}</th><td>${escape(v ?? '')}</td></tr>`)
      .join('');
    const files = m.attachments.length
      ? `<h2>${T('attachments')}</h2><ul>${m.attachments
          .map((a) => `<li>${escape(a.filename ?? a.contentType)} (${a.size} B)</li>`)
          .join('')}</ul>`
      : '';
    const links = [
      `<a href="/dev/mail">${T('back')}</a>`,
      m.hasHtml ? `<a href="/dev/mail/${id}/html">${T('showHtml')}</a>` : '',
      `<a href="/dev/mail/${id}/eml">${T('download')}</a>`,
    ].join(' ');
    return this.html(
      reply,
      escape(m.subject) || T('noSubject'),
      `<p>${links}</p><table>${head}</table><pre>${escape(m.text)}</pre>${files}`,
    );
  }

  @Get(':id/html')
  async mailHtml(@Param('id') id: string, @Res() reply: FastifyReply) {
    const mail = await this.parse(id);
    if (!mail.html) throw DomainException.notFound();
    return reply.header('content-security-policy', MAIL_HTML_CSP).type('text/html; charset=utf-8').send(mail.html);
  }

  @Get(':id/eml')
  async eml(@Param('id') id: string, @Res() reply: FastifyReply) {
    return reply
      .type('message/rfc822')
      .header('content-disposition', `attachment; filename="${id}.eml"`)
      .send(await this.read(id));
  }

  private async list(): Promise<CaughtMail[]> {
    const files = await readdir(this.dir).catch(() => [] as string[]);
    const ids = files
      .filter((f) => f.endsWith('.eml'))
      .map((f) => f.slice(0, -4))
      .filter((id) => MAIL_ID.test(id))
      .sort()
      .reverse();
    const parsed = await Promise.all(
      ids.map(async (id) =>
        this.parse(id).then(
          (m) => toCaught(id, m),
          () => null,
        ),
      ),
    );
    return parsed.filter((m): m is CaughtMail => m !== null);
  }

  private async read(id: string): Promise<Buffer> {
    if (!MAIL_ID.test(id)) throw DomainException.notFound();
    return readFile(join(this.dir, `${id}.eml`)).catch(() => {
      throw DomainException.notFound();
    });
  }

  private async parse(id: string): Promise<ParsedMail> {
    return simpleParser(await this.read(id));
  }

  private html(reply: FastifyReply, title: string, body: string) {
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:1.5rem;max-width:70rem}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.3rem .6rem;border-bottom:1px solid #ddd;vertical-align:top}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}</style>
</head><body><h1>${title}</h1>${body}</body></html>`);
  }
}

function toCaught(id: string, mail: ParsedMail): CaughtMail {
  return {
    id,
    receivedAt: new Date(Number(id.slice(0, 13))).toISOString(),
    from: addresses(mail.from).join(', '),
    to: [...addresses(mail.to), ...addresses(mail.cc)],
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    hasHtml: typeof mail.html === 'string' && mail.html.length > 0,
    attachments: mail.attachments.map((a) => ({
      filename: a.filename ?? null,
      contentType: a.contentType,
      size: a.size,
    })),
  };
}
