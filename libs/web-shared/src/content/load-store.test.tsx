import { act, render, screen } from '@testing-library/react';
import { createLoadStore } from './load-store';

describe('createLoadStore', () => {
  it('loads on first use, once for concurrent reloads, and keeps the value when a reload fails', async () => {
    const answers: (() => Promise<string>)[] = [() => Promise.resolve('eins'), () => Promise.reject(new Error('weg'))];
    const load = vi.fn(() => answers.shift()!());
    const store = createLoadStore(load);
    function Show() {
      const { data, error } = store.use();
      return <p>{`${data ?? 'leer'} ${error ? 'Fehler' : 'ok'}`}</p>;
    }
    render(<Show />);
    expect(await screen.findByText('eins ok')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    let results: boolean[] = [];
    await act(async () => {
      results = await Promise.all([store.reload(), store.reload()]);
    });
    expect(results).toEqual([false, false]);
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText('eins Fehler')).toBeTruthy();
  });

  it('starts from an initial value without loading', () => {
    const load = vi.fn(() => Promise.resolve('neu'));
    const store = createLoadStore(load, 'eingebettet');
    function Show() {
      return <p>{store.use().data}</p>;
    }
    render(<Show />);
    expect(screen.getByText('eingebettet')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });
});
