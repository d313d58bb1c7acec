import { apiUrl } from '../../api/client';
import { useApiList } from '../../ui/resource-state';

/**
 * A page of the media library's images (GET /api/images, newest first, searched by name): the library screen and
 * the content builder's picker read the same list through this one hook. `null` loads nothing (a closed picker).
 */
export function useLibraryImages(query: { page: string; perPage: number; search: string } | null) {
  return useApiList(query && apiUrl('/api/images', {}, query));
}
