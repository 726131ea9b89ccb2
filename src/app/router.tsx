import { createBrowserRouter, Navigate } from 'react-router-dom';
import { StartScreen } from '../features/dashboard/start-screen';
import { RenderError } from '../features/errors/render-error';
import { AuthCallback } from '../features/session/components/auth-callback';
import { RequireSession } from '../features/session/components/require-session';
import { Layout } from './shell/layout';

/**
 * The route table. The start screen comes with the shell; every other page is a lazy chunk.
 * Static pages (sign-out, errors) render without the main layout and without a session.
 */
export const router = createBrowserRouter([
  { path: '/auth/callback', element: <AuthCallback /> },
  { path: '/logout', lazy: () => import('../features/session/pages/logout-page') },
  { path: '/logout.html', lazy: () => import('../features/session/pages/logout-page') },
  { path: '/not-found', lazy: () => import('../features/errors/not-found-page') },
  {
    path: '/authentication-error/:error?',
    lazy: () => import('../features/errors/authentication-error-page'),
  },
  {
    path: '/',
    element: (
      <RequireSession>
        <Layout />
      </RequireSession>
    ),
    errorElement: <RenderError />,
    children: [{ index: true, element: <StartScreen /> }],
  },
  { path: '*', element: <Navigate to="/not-found" replace /> },
]);
