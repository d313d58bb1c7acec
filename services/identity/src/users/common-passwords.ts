import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The common passwords of zxcvbn-ts (the most frequent passwords of public breach corpora, maintained with the
 * library; no network call): a password found there is refused (OWASP ASVS 2.1.7), whatever its length.
 */
const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

export const isCommonPassword = (password: string): boolean => COMMON.has(password.toLowerCase());
