import { orderLineParts, orderLinePartTexts } from './order-parts.js';

const HASH = 'AbCdEfGhIjKlMnOpQrStUv';
const photo = {
  id: 21,
  version: 1,
  extension: 'jpg',
  publicHash: HASH,
  mimeType: 'image/jpeg',
  filename: 'urlaub.jpg',
};
const steps = {
  groesse: { name: 'Größe' },
  extras: { name: 'Extras' },
  notiz: { name: 'Anmerkung' },
  foto: { name: 'Foto' },
};

describe('an order line’s parts as staff read them', () => {
  it('names options, texts and uploaded files per step, in the product’s step order', () => {
    const parts = {
      foto: [photo],
      notiz: '  ohne Zwiebeln ',
      extras: [
        { name: 'Extra Käse', modifier: 'add', value: 1 },
        { name: 'Oliven', modifier: 'add', value: 0.5 },
      ],
      groesse: { name: 'Familienpizza (40 cm)', modifier: 'overwrite', value: 17.9 },
    };
    expect(orderLinePartTexts(parts, steps)).toEqual([
      'Größe: Familienpizza (40 cm)',
      'Extras: Extra Käse, Oliven',
      'Anmerkung: ohne Zwiebeln',
      'Foto: urlaub.jpg',
    ]);
    expect(orderLineParts(parts, steps).at(-1)).toEqual({
      key: 'foto',
      label: 'Foto',
      values: [
        {
          kind: 'upload',
          name: 'urlaub.jpg',
          url: `/upload/${HASH}/21-1.jpg`,
          isImage: true,
          thumbnailUrl: `/upload/${HASH}/preview/21-1.jpg`,
        },
      ],
    });
  });

  it('never shows an object as "[object Object]": a bare upload reference is named by id', () => {
    const texts = orderLinePartTexts({ datei: { id: 5, publicHash: HASH } });
    expect(texts).toEqual(['#5']);
    expect(texts.join()).not.toContain('[object Object]');
    expect(orderLineParts({ datei: { id: 5, publicHash: HASH, version: 2, extension: 'pdf' } })[0]!.values).toEqual([
      { kind: 'upload', name: '5.pdf', url: `/upload/${HASH}/5-2.pdf`, isImage: false, thumbnailUrl: null },
    ]);
  });

  it('builds no address from a forged reference and leaves empty parts out', () => {
    const forged = { id: 5, publicHash: '../../etc', version: 1, extension: 'jpg', mimeType: 'image/jpeg' };
    expect(orderLineParts({ a: forged })[0]!.values[0]).toMatchObject({ url: null, isImage: false });
    expect(orderLineParts({ a: '', b: [], c: null, d: '  ' })).toEqual([]);
  });
});
