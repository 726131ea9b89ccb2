// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../client/test/render';
import { UserPage } from './user-page';

const problem = (status: number, detail: string) =>
  new Response(JSON.stringify({ type: '/problems/not-found', title: 'Not found', status, detail }), {
    status,
    headers: { 'content-type': 'application/problem+json', 'x-correlation-id': 'goPartner_test1234' },
  });

describe('the user page when its user cannot be loaded', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says so with the status, the code and the message, and tries again on request', async () => {
    const fetch = vi.fn(() => Promise.resolve(problem(404, 'No such user.')));
    vi.stubGlobal('fetch', fetch);
    renderWithApp(
      <Routes>
        <Route path="/mygrenke/users/:userId" element={<UserPage />} />
      </Routes>,
      { route: '/mygrenke/users/00000000-0000-4000-8000-000000000000' },
    );
    const failed = await screen.findByTestId('user-load-failed');
    expect(failed.textContent).toContain('The user could not be loaded.');
    expect(failed.textContent).toContain('HTTP 404');
    expect(failed.textContent).toContain('/problems/not-found');
    expect(failed.textContent).toContain('No such user.');
    const calls = fetch.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(calls));
  });
});
