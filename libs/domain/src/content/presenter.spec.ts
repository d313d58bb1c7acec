import { uploadUrl } from './layout.js';
import { breadcrumbs, imageSrcSet, objectPath, presenterPageStatus, resolvePresenterPage } from './presenter.js';

const site = (id: number, path: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  path,
  name,
  type: 'default',
  isPublic: true,
  content: {},
  ...extra,
});
const node = (id: number, type: string, content: Record<string, unknown>, isPublic = true) => ({
  id,
  type,
  isPublic,
  content,
});

const project = node(1, 'project', { name: 'Wohnen am Fluß', objects: [{ object: { id: 2, type: 'site' } }] });
const object = node(2, 'object', { name: 'Top 4' });
const lonely = node(3, 'object', { name: 'Top 9' });
const hidden = node(4, 'project', { name: 'Geheim' }, false);
const reference = node(5, 'reference', { name: 'Haus Süd' });
const data = {
  sites: [
    site(10, '/', 'Start', { type: 'home' }),
    site(11, '/kontakt', 'Kontakt'),
    site(12, '/entwurf', 'E', { isPublic: false }),
  ],
  nodes: [project, object, lonely, hidden, reference],
};

describe('§2.1 presenter routes', () => {
  it('matches public project, object and reference nodes by the slug of their name', () => {
    expect(resolvePresenterPage('/projekte/wohnen-am-fluss', data)).toEqual({ kind: 'project', node: project });
    expect(resolvePresenterPage('/projekte/wohnen-am-fluss/top-4/', data)).toEqual({
      kind: 'object',
      node: object,
      project,
    });
    expect(resolvePresenterPage('/referenzen/haus-sued', data)).toEqual({ kind: 'reference', node: reference });
  });

  it("uses 'undefined' as the project parameter of an object no project lists", () => {
    expect(objectPath(data.nodes, lonely)).toBe('/projekte/undefined/top-9');
    expect(resolvePresenterPage('/projekte/undefined/top-9', data)).toMatchObject({ kind: 'object', project: null });
    expect(resolvePresenterPage('/projekte/wohnen-am-fluss/top-9', data)).toBeNull();
  });

  it('answers 404 without a page and 500 for a site of an unconfigured type', () => {
    expect(presenterPageStatus('/kontakt', data)).toBe(200);
    expect(presenterPageStatus('/nichts', data)).toBe(404);
    expect(presenterPageStatus('/alt', { ...data, sites: [site(13, '/alt', 'Alt', { type: 'legacy' })] })).toBe(500);
  });

  it('finds only public nodes and public sites (drafts for staff), else nothing (the 404 page)', () => {
    expect(resolvePresenterPage('/projekte/geheim', data)).toBeNull();
    expect(resolvePresenterPage('/kontakt', data)).toMatchObject({ kind: 'site' });
    expect(resolvePresenterPage('/entwurf', data)).toBeNull();
    expect(resolvePresenterPage('/entwurf', data, true)).toMatchObject({ kind: 'site' });
    expect(resolvePresenterPage('/gibt-es-nicht', data)).toBeNull();
  });
});

describe('§2.9 breadcrumbs', () => {
  const crumbs = (path: string) => {
    const page = resolvePresenterPage(path, data);
    if (!page) throw new Error(path);
    return breadcrumbs(path, page, data).map((c) => [c.label, c.to]);
  };
  it('has none on the start page', () => expect(crumbs('/')).toEqual([]));
  it('object: Startseite, Aktuelle Projekte, the owning project, the object', () =>
    expect(crumbs('/projekte/wohnen-am-fluss/top-4')).toEqual([
      ['Startseite', '/'],
      ['Aktuelle Projekte', '/aktuelle-projekte'],
      ['Wohnen am Fluß', '/projekte/wohnen-am-fluss'],
      ['Top 4', null],
    ]));
  it('object without a project has no project crumb', () =>
    expect(crumbs('/projekte/undefined/top-9')).toEqual([
      ['Startseite', '/'],
      ['Aktuelle Projekte', '/aktuelle-projekte'],
      ['Top 9', null],
    ]));
  it('reference: Startseite, Referenzen, the reference', () =>
    expect(crumbs('/referenzen/haus-sued')).toEqual([
      ['Startseite', '/'],
      ['Referenzen', '/referenzen'],
      ['Haus Süd', null],
    ]));
  it('site: Startseite and the site name', () =>
    expect(crumbs('/kontakt')).toEqual([
      ['Startseite', '/'],
      ['Kontakt', null],
    ]));
});

describe('§7 file links and §9 image widths', () => {
  it('builds the srcset of the six sizes and the upload link', () => {
    expect(imageSrcSet({ id: 7, version: 2, extension: 'png' })).toBe(
      '/image/icon/7-2.png 64w, /image/thumbnail/7-2.png 128w, /image/tiny/7-2.png 256w, /image/small/7-2.png 640w, /image/medium/7-2.png 1280w, /image/large/7-2.png 1920w',
    );
    expect(uploadUrl({ id: 3, version: 1, extension: 'pdf', publicHash: 'abc' })).toBe('/upload/abc/3-1.pdf');
  });
});
