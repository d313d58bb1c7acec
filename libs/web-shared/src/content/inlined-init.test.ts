import { batchData } from './inlined-init';

describe("batchData (an app's start-up data from the /api/init batch)", () => {
  it('puts each entry of a known URL under its key and keeps what it has where the batch has nothing', () => {
    const data = batchData(
      [
        { url: '/api/branches', data: [{ identifier: 'wien' }] },
        { url: '/api/users/me', data: null },
        { url: '/api/menus', data: [{ id: 1 }] },
      ],
      { '/api/branches': 'branches', '/api/users/me': 'user', '/api/sites': 'sites' },
      { previewing: false, user: null, branches: [], sites: [] },
    );
    expect(data).toEqual({ previewing: false, user: null, branches: [{ identifier: 'wien' }], sites: [] });
  });
});
