import { branch } from '../../test/fixtures.js';
import {
  branchMatches,
  filterBranchesByTags,
  searchBranches,
  searchDonatees,
  searchWords,
  tagAvailability,
  toggleTag,
} from './search.js';

const tags = [
  { id: 1, name: 'Vegan' },
  { id: 2, name: 'Lieferung' },
  { id: 3, name: 'Bio' },
];
const wien = branch({
  id: 1,
  identifier: 'wien',
  name: 'Filiale Wien',
  street: 'Mariahilfer Straße 1',
  zipCode: '1060',
  city: 'Wien',
  keywords: 'Zentrum',
  tags: [{ id: 1 }, { id: 3 }],
});
const graz = branch({
  id: 2,
  identifier: 'graz',
  name: 'Filiale Graz',
  street: 'Herrengasse 5',
  zipCode: '8010',
  city: 'Graz',
  keywords: null,
  tags: [{ id: 2 }],
});
const linz = branch({
  id: 3,
  identifier: 'linz',
  name: 'Filiale Linz',
  street: null,
  zipCode: '4020',
  city: 'Linz',
  keywords: 'Hafen',
  tags: [{ id: 1 }],
});
const branches = [wien, graz, linz];

describe('§5 Search: "The term is trimmed and split on commas and spaces; a branch matches if any word appears (case-insensitive) in name, street, city, zipCode, keywords or the name of one of its tags."', () => {
  it('splits the term', () => {
    expect(searchWords('  Wien, 8010  graz,,')).toEqual(['wien', '8010', 'graz']);
    expect(searchWords('')).toEqual([]);
    expect(searchWords(null)).toEqual([]);
  });

  it('matches any word in any field, case-insensitively', () => {
    expect(searchBranches(branches, 'wien')).toEqual([wien]);
    expect(searchBranches(branches, 'herrengasse')).toEqual([graz]);
    expect(searchBranches(branches, '40')).toEqual([linz]);
    expect(searchBranches(branches, 'HAFEN')).toEqual([linz]);
    expect(searchBranches(branches, 'zentrum,8010')).toEqual([wien, graz]);
    expect(searchBranches(branches, 'MARIAHILFER straße')).toEqual([wien]);
    expect(searchBranches(branches, 'Salzburg')).toEqual([]);
  });

  it('matches tag names', () => {
    expect(searchBranches(branches, 'vegan', tags)).toEqual([wien, linz]);
    expect(searchBranches(branches, 'bio', tags)).toEqual([wien]);
    expect(branchMatches(graz, 'vegan', tags)).toBe(false);
  });

  it('an empty term matches all', () => {
    expect(searchBranches(branches, '   ')).toEqual(branches);
  });
});

describe('§5 "The tag filter requires the branch to carry the selected tag." / §2.3 "clicking toggles the selection; tags having matching branches are marked available"', () => {
  it('keeps branches carrying every selected tag', () => {
    expect(filterBranchesByTags(branches, [1])).toEqual([wien, linz]);
    expect(filterBranchesByTags(branches, [1, 3])).toEqual([wien]);
    expect(filterBranchesByTags(branches, [])).toEqual(branches);
  });
  it('toggles', () => {
    expect(toggleTag([1], 3)).toEqual([1, 3]);
    expect(toggleTag([1, 3], 1)).toEqual([3]);
  });
  it('marks tags carried by the shown branches as available', () => {
    expect(tagAvailability(tags, [wien, linz]).map((t) => [t.tag.name, t.isAvailable])).toEqual([
      ['Vegan', true],
      ['Lieferung', false],
      ['Bio', true],
    ]);
  });
});

describe('§5 "Donatee search is a case-insensitive match on name or description."', () => {
  const donatees = [
    { name: 'Tierheim Wien', description: 'Hilfe für Tiere' },
    { name: 'Caritas', description: 'Hilfe für Menschen in Not' },
    { name: 'Rotes Kreuz', description: null },
  ];
  it('matches name or description', () => {
    expect(searchDonatees(donatees, 'TIER').map((d) => d.name)).toEqual(['Tierheim Wien']);
    expect(searchDonatees(donatees, ' not ').map((d) => d.name)).toEqual(['Caritas']);
    expect(searchDonatees(donatees, 'kreuz').map((d) => d.name)).toEqual(['Rotes Kreuz']);
    expect(searchDonatees(donatees, '')).toHaveLength(3);
    expect(searchDonatees(donatees, 'xyz')).toEqual([]);
  });
});
