import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Pager } from './Pager';

describe('Pager', () => {
  afterEach(cleanup);

  it('counts entries in German, singular and plural', () => {
    render(<Pager meta={{ total: 1, page: 1, perPage: 25 }} onPage={() => undefined} />);
    expect(screen.getByText('1 Eintrag')).toBeTruthy();
    cleanup();
    render(<Pager meta={{ total: 26, page: 2, perPage: 25 }} onPage={() => undefined} />);
    expect(screen.getByText('26 Einträge')).toBeTruthy();
    expect(screen.getByText('Seite 2 von 2')).toBeTruthy();
  });
});
