/**
 * §5 "Search. The term is trimmed and split on commas and spaces; a branch matches if any word appears
 * (case-insensitive) in name, street, city, zipCode, keywords or the name of one of its tags. The tag
 * filter requires the branch to carry the selected tag. Donatee search is a case-insensitive match on name
 * or description."
 * §2.3 "Optional tag filter: … clicking toggles the selection; tags having matching branches are marked available."
 */
import type { Branch, Donatee, Tag } from '@shop/contracts';

export type SearchableBranch = Pick<Branch, 'name' | 'street' | 'city' | 'zipCode' | 'keywords' | 'tags'>;

/** The words of a search term: trimmed, split on commas and white space, empty words dropped, lowercased. */
export function searchWords(term: string | null | undefined): string[] {
  return (term ?? '')
    .trim()
    .split(/[\s,]+/)
    .filter((w) => w !== '')
    .map((w) => w.toLocaleLowerCase('de'));
}

function tagNames(branch: Pick<Branch, 'tags'>, tags: ReadonlyArray<Pick<Tag, 'id' | 'name'>>): string[] {
  const ids = new Set(branch.tags.map((t) => t.id));
  return tags.filter((t) => ids.has(t.id)).map((t) => t.name);
}

/** Whether any word occurs in a searchable field or tag name. An empty term matches every branch. */
export function branchMatches(
  branch: SearchableBranch,
  term: string | null | undefined,
  tags: ReadonlyArray<Pick<Tag, 'id' | 'name'>> = [],
): boolean {
  const words = searchWords(term);
  if (words.length === 0) return true;
  const haystack = [branch.name, branch.street, branch.city, branch.zipCode, branch.keywords, ...tagNames(branch, tags)]
    .filter((v): v is string => typeof v === 'string' && v !== '')
    .map((v) => v.toLocaleLowerCase('de'));
  return words.some((w) => haystack.some((h) => h.includes(w)));
}

export function searchBranches<B extends SearchableBranch>(
  branches: readonly B[],
  term: string | null | undefined,
  tags: ReadonlyArray<Pick<Tag, 'id' | 'name'>> = [],
): B[] {
  return branches.filter((b) => branchMatches(b, term, tags));
}

/** Branches carrying every selected tag (no selection: all). */
export function filterBranchesByTags<B extends Pick<Branch, 'tags'>>(
  branches: readonly B[],
  selectedTagIds: readonly number[],
): B[] {
  if (selectedTagIds.length === 0) return [...branches];
  return branches.filter((b) => selectedTagIds.every((id) => b.tags.some((t) => t.id === id)));
}

/** Clicking a tag toggles it in the selection. */
export function toggleTag(selectedTagIds: readonly number[], tagId: number): number[] {
  return selectedTagIds.includes(tagId) ? selectedTagIds.filter((id) => id !== tagId) : [...selectedTagIds, tagId];
}

/** Tags carried by at least one of the (already filtered) branches are available. */
export function tagAvailability<T extends Pick<Tag, 'id'>>(
  tags: readonly T[],
  branches: ReadonlyArray<Pick<Branch, 'tags'>>,
): Array<{ tag: T; isAvailable: boolean }> {
  const carried = new Set(branches.flatMap((b) => b.tags.map((t) => t.id)));
  return tags.map((tag) => ({ tag, isAvailable: carried.has(tag.id) }));
}

/** Donatees whose name or description contains the trimmed term (case-insensitive); empty term: all. */
export function searchDonatees<D extends Pick<Donatee, 'name' | 'description'>>(
  donatees: readonly D[],
  term: string | null | undefined,
): D[] {
  const needle = (term ?? '').trim().toLocaleLowerCase('de');
  if (needle === '') return [...donatees];
  return donatees.filter((d) =>
    [d.name, d.description].some((v) => typeof v === 'string' && v.toLocaleLowerCase('de').includes(needle)),
  );
}
