import { randomBytes } from 'node:crypto';

/** 192 random bits, URL-safe: the key of a branch's counter screens (front desk, back office). */
export const newScreenKey = (): string => randomBytes(24).toString('base64url');
