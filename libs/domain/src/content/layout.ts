/**
 * Small presentation rules that come with §9 constants: carousel, sliders, map markers, file addresses (§7);
 * and the shared layout's rules (§2.2, §6): branch visibility, page titles and descriptions, legal links.
 */
import type { Branch, Config, FileRef } from '@shop/contracts';
import {
  BREAKPOINTS,
  SWIPE_THRESHOLD_HERO_PX,
  SWIPE_THRESHOLD_SLIDER_MIN_WIDTH,
  SWIPE_THRESHOLD_SLIDER_PX,
  type ImageSize,
} from '../constants.js';
import { normalizeUrl } from '../format/text.js';

/** §2.9 "Carousel of images: 1 slide under 720 px, 2 from 720 px, 3 from 1024 px" */
export function carouselSlidesPerView(width: number): 1 | 2 | 3 {
  if (width >= BREAKPOINTS.desktop) return 3;
  if (width >= BREAKPOINTS.tablet) return 2;
  return 1;
}

/**
 * §4 "A swipe over 40 px changes the slide in hero and carousel. Basic, second-variant and project sliders
 * use 50 px on widths over 768 px and 0 px otherwise."
 */
export function swipeThreshold(kind: 'hero' | 'carousel' | 'slider', width: number): number {
  if (kind !== 'slider') return SWIPE_THRESHOLD_HERO_PX;
  return width > SWIPE_THRESHOLD_SLIDER_MIN_WIDTH ? SWIPE_THRESHOLD_SLIDER_PX : 0;
}

/** Whether a swipe distance changes the slide ("over" the threshold). */
export function isSwipe(distance: number, threshold: number): boolean {
  return Math.abs(distance) > threshold;
}

/** §4 "Sliders loop: next after the last goes to the first; previous before the first goes to the last." */
export function loopIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}

export type Located = Pick<Branch, 'latitude' | 'longitude'>;

/** §9 "markers need both longitude and latitude" */
export function mapMarkers<B extends Located>(
  branches: readonly B[],
): Array<B & { latitude: number; longitude: number }> {
  return branches.filter(
    (b): b is B & { latitude: number; longitude: number } =>
      typeof b.latitude === 'number' && typeof b.longitude === 'number',
  );
}

/** §9 "the centre is the last branch with coordinates" (null: use the default centre). */
export function mapCenter(branches: readonly Located[]): { latitude: number; longitude: number } | null {
  const last = mapMarkers(branches).at(-1);
  return last ? { latitude: last.latitude, longitude: last.longitude } : null;
}

export type StoredFile = Pick<FileRef, 'id' | 'version' | 'extension'>;

/** §7 "/image/{id}-{version}.{extension} (original), /image/{size}/{id}-{version}.{extension}" */
export function imageUrl(image: StoredFile, size?: ImageSize | 'product' | 'category'): string {
  const name = `${image.id}-${image.version}.${image.extension}`;
  return size ? `/image/${size}/${name}` : `/image/${name}`;
}

/** §7 "/upload/{publicHash}/{id}-{version}.{extension}" and "/upload/{publicHash}/preview/{id}-{version}.jpg" */
export function uploadUrl(file: StoredFile & { publicHash: string }, preview = false): string {
  return preview
    ? `/upload/${file.publicHash}/preview/${file.id}-${file.version}.jpg`
    : `/upload/${file.publicHash}/${file.id}-${file.version}.${file.extension}`;
}

/** §6 "Content is visible only when the node or branch is public (isPublic); branches also need isEnabled." */
export function isBranchVisible(branch: Pick<Branch, 'isPublic' | 'isEnabled'>): boolean {
  return branch.isPublic && branch.isEnabled;
}

type TitleConfig = Pick<Config, 'seoTitle' | 'title' | 'shopName'>;

/** §2.2 "Fallback title is seoTitle, then title, then shopName." (empty values fall through) */
export function shopTitle(config: TitleConfig): string {
  return config.seoTitle || config.title || config.shopName;
}

/** §2.2 "Description falls back from seoDescription to description." */
export function shopDescription(config: Pick<Config, 'seoDescription' | 'description'>): string {
  return config.seoDescription || config.description || '';
}

/** §2.2 "site gives 'site title - shop title'" (likewise branch, 'Bestellvorgang', 'Bestellstatus'); the shop title alone without a page title. */
export function pageTitle(config: TitleConfig, page?: string | null): string {
  return page ? `${page} - ${shopTitle(config)}` : shopTitle(config);
}

export type LegalKey = 'termsAndConditions' | 'privacyPolicy' | 'imprint' | 'allergens';

/** backoffice-platform.md §2 footer links: the internal pages of the legal texts. */
export const LEGAL_PAGES: ReadonlyArray<{ key: LegalKey; path: string }> = [
  { key: 'termsAndConditions', path: '/site/terms-and-conditions' },
  { key: 'privacyPolicy', path: '/site/privacy' },
  { key: 'imprint', path: '/site/imprint' },
  { key: 'allergens', path: '/site/allergens' },
];

export type LegalLink = { internal: string } | { external: string };

/**
 * §2.2 "The legal links show only if a link or text is configured; a text opens the internal site page,
 * otherwise an external link opens in a new tab." The external address is normalised (§5).
 */
export function legalLink(config: Pick<Config, LegalKey | `${LegalKey}Text`>, key: LegalKey): LegalLink | null {
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- LEGAL_PAGES has a page for every LegalKey
  if (config[`${key}Text`]) return { internal: LEGAL_PAGES.find((p) => p.key === key)!.path };
  if (config[key]) return { external: normalizeUrl(config[key]) };
  return null;
}
