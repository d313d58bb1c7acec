import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@shop/server';
import Bowser from 'bowser';
import { Redis } from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import type { AnalyticsContext } from '@shop/contracts';
import type { GatewayConfig } from '../config/gateway-config.js';

const DAY_MS = 86_400_000;

/** The UTC day of an instant, `2026-03-29`. */
export const saltDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * Plausible's cookieless visitor id: sha256(daily salt + site + client address + user agent), cut to 32 hex
 * characters. The salt is random, one per UTC day, kept in Redis until the end of the next day (so that an
 * event of yesterday that arrives after midnight still hashes with its own salt) and deleted by expiry after
 * that; the address and the user agent are hashed and never stored. With the salt gone a visitor id cannot be
 * traced back to an address, and the same browser gets a new id every day.
 */
@Injectable()
export class VisitorIds {
  constructor(
    private readonly redis: Redis,
    @Inject(CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** the salts of the days asked for (at most today and yesterday): one Redis round trip per day and process */
  private readonly salts = new Map<string, Promise<string>>();

  private salt(day: string): Promise<string> {
    let salt = this.salts.get(day);
    if (!salt) {
      salt = this.loadSalt(day);
      // a failed read is not kept: the next request asks Redis again
      salt.catch(() => this.salts.delete(day));
      // the salt of a day is fixed once set (SET NX) and expires with the day after: older ones are forgotten here
      const yesterday = saltDay(new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS));
      for (const d of this.salts.keys()) if (d < yesterday) this.salts.delete(d);
      this.salts.set(day, salt);
    }
    return salt;
  }

  private async loadSalt(day: string): Promise<string> {
    const key = `${this.config.REDIS_PREFIX}analytics:salt:${day}`;
    const fresh = randomBytes(32).toString('hex');
    // SET NX: the first gateway process of the day decides the salt; all of them read the same one
    const expireAt = Math.floor((Date.parse(`${day}T00:00:00Z`) + 2 * DAY_MS) / 1000);
    const set = await this.redis.set(key, fresh, 'EXAT', expireAt, 'NX');
    if (set === 'OK') return fresh;
    const current = await this.redis.get(key);
    return current ?? fresh;
  }

  async visitorId(site: string, address: string, userAgent: string, at = new Date()): Promise<string> {
    const salt = await this.salt(saltDay(at));
    return createHash('sha256').update(`${salt}\n${site}\n${address}\n${userAgent}`).digest('hex').slice(0, 32);
  }
}

/** Browser and operating system names from the user agent (bowser, a maintained MIT parser). */
export function parseUserAgent(userAgent: string): Pick<AnalyticsContext, 'browser' | 'os'> {
  if (!userAgent) return { browser: null, os: null };
  let known = parsedAgents.get(userAgent);
  if (!known) {
    const parsed = Bowser.parse(userAgent);
    known = { browser: parsed.browser.name ?? null, os: parsed.os.name ?? null };
    // a few hundred distinct agents send most traffic: parsed once each, the cache bounded
    if (parsedAgents.size >= 2000) parsedAgents.clear();
    parsedAgents.set(userAgent, known);
  }
  return known;
}
const parsedAgents = new Map<string, Pick<AnalyticsContext, 'browser' | 'os'>>();

/** The referrer's host, unless it is the site itself (internal navigation is no referrer). */
export function referrerHost(referrer: unknown, site: string): string | null {
  if (typeof referrer !== 'string' || !referrer) return null;
  try {
    const host = new URL(referrer).hostname.toLowerCase();
    return host && host !== site ? host.slice(0, 200) : null;
  } catch {
    return null;
  }
}

/** The path of the page the browser was on (the Referer of the request), without query or fragment. */
export function pagePath(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).pathname.slice(0, 500);
  } catch {
    return null;
  }
}
