// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../client/test/render';
import { RequireSession } from './require-session';

const startSession = vi.hoisted(() => vi.fn(() => new Promise<never>(() => undefined)));
vi.mock('../../../client/auth/session', () => ({
  startSession,
  sessionStore: { subscribe: () => () => undefined, get: () => ({ user: undefined }) },
}));

const secure = (value: boolean) =>
  Object.defineProperty(window, 'isSecureContext', { value, configurable: true });

describe('RequireSession', () => {
  afterEach(() => startSession.mockClear());

  it('says why sign-in cannot start on an address that is not secure, and does not try', () => {
    secure(false);
    renderWithApp(
      <RequireSession>
        <p>the portal</p>
      </RequireSession>,
    );
    expect(screen.getByRole('heading', { name: 'This address is not secure' })).toBeTruthy();
    expect(screen.getByText(/is plain http\. Open the portal at its https:\/\/ address/)).toBeTruthy();
    expect(screen.queryByText('the portal')).toBeNull();
    expect(startSession).not.toHaveBeenCalled();
  });

  it('starts the session on a secure address', () => {
    secure(true);
    renderWithApp(
      <RequireSession>
        <p>the portal</p>
      </RequireSession>,
    );
    expect(screen.queryByText('This address is not secure')).toBeNull();
    expect(startSession).toHaveBeenCalledOnce();
  });
});
