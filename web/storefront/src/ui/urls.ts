import type { FileRef } from '@shop/contracts';
import type { ImageSize } from '@shop/domain';

/** §7 image addresses: /image/{id}-{version}.{ext} or /image/{size}/{id}-{version}.{ext}. */
export function imageUrl(ref: Pick<FileRef, 'id' | 'version' | 'extension'>, size?: ImageSize | 'product' | 'category'): string {
  const file = `${ref.id}-${ref.version}.${ref.extension}`;
  return size ? `/image/${size}/${file}` : `/image/${file}`;
}

/** §7 "/upload/{publicHash}/{id}-{version}.{extension}" and its preview. */
export function uploadUrl(u: { id: number; version: number; extension: string; publicHash: string }, preview = false): string {
  return preview ? `/upload/${u.publicHash}/preview/${u.id}-${u.version}.jpg` : `/upload/${u.publicHash}/${u.id}-${u.version}.${u.extension}`;
}

/** §7 "a directions link built from address or coordinates" */
export function directionsUrl(place: { street?: string | null; zipCode?: string | null; city?: string | null; latitude?: number | null; longitude?: number | null }): string {
  const destination =
    place.latitude != null && place.longitude != null
      ? `${place.latitude},${place.longitude}`
      : [place.street, [place.zipCode, place.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

export function telUrl(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, '')}`;
}
