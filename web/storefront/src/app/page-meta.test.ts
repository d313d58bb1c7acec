import { describe, expect, it } from 'vitest';
import { branch, initData } from '../test/fixtures';
import { pageMetaAt } from './page-meta';

const division = {
  id: 4,
  identifier: 'gastro',
  name: 'Gastronomie',
  title: 'Wiener Küche',
  description: null,
  logo: null,
  weight: 0,
  createdAt: '',
  updatedAt: '',
};

describe("the head of a rendered page: the title and description the app sets (§2.2, issue 43 'division title')", () => {
  it('/ prepends the division title when every listed branch belongs to one division; else the shop title alone', () => {
    const one = initData({ divisions: [division], branches: [branch({ division: { id: 4 } })] });
    expect(pageMetaAt('/', one).title).toBe('Wiener Küche - Testladen online');
    const two = initData({
      divisions: [division],
      branches: [branch({ division: { id: 4 } }), branch({ id: 2, identifier: 'graz', division: null })],
    });
    expect(pageMetaAt('/', two).title).toBe('Testladen online');
    // a disabled branch is not listed, so it does not count
    const disabled = initData({
      divisions: [division],
      branches: [branch({ division: { id: 4 } }), branch({ id: 2, identifier: 'graz', isEnabled: false })],
    });
    expect(pageMetaAt('/', disabled).title).toBe('Wiener Küche - Testladen online');
  });

  it("a branch page: 'branch name - shop title' with the branch description; plain text for the meta tag", () => {
    const data = initData({ branches: [branch({ description: '<p>Beste &amp; feinste <b>Küche</b></p>' })] });
    const wien = data.branches[0]!;
    expect(pageMetaAt(`/store/${wien.identifier}`, data)).toEqual({
      title: `${wien.name} - Testladen online`,
      description: 'Beste & feinste Küche',
    });
    // an unknown branch, a hidden one and other paths: the shop's title
    expect(pageMetaAt('/store/nirgends', data).title).toBe('Testladen online');
    const hidden = initData({ branches: [branch({ isPublic: false })] });
    expect(pageMetaAt(`/store/${wien.identifier}`, hidden).title).toBe('Testladen online');
    expect(pageMetaAt('/kontakt', data).title).toBe('Testladen online');
  });
});
