import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter, Outlet, useRoutes } from 'react-router';
import { RouteError } from './route-error';

function Broken(): never {
  throw new Error('page broke');
}

function Routes() {
  return useRoutes([
    {
      element: (
        <RouteError>
          <Outlet />
        </RouteError>
      ),
      children: [
        { path: '/broken', element: <Broken /> },
        { path: '/fine', element: <p>Fine page</p> },
      ],
    },
  ]);
}

describe('RouteError', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the error screen in place of a page that throws, until the location changes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Link to="/fine">Elsewhere</Link>
        <Routes />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText(/Error: page broke/)).toBeTruthy();

    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Fine page')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });
});
