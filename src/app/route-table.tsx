import { Navigate, type RouteObject } from 'react-router-dom';
import { StartScreen } from '../features/dashboard/start-screen';
import { RenderError } from '../features/errors/render-error';
import { AuthCallback } from '../features/session/components/auth-callback';
import { RequireSession } from '../features/session/components/require-session';
import { AccountGate } from '../features/session/components/account-gate';
import { Layout } from './shell/layout';

/**
 * The route table. The start screen comes with the shell; every other page is a lazy chunk.
 * Static pages (sign-out, errors) render without the main layout and without a session.
 */
export const routes: RouteObject[] = [
  {
    // A direct load waits for its page's chunk before rendering anything: there is nothing to show
    // meanwhile, said explicitly (the router warns otherwise).
    HydrateFallback: () => null,
    children: [
      { path: '/access-denied', lazy: () => import('../features/errors/access-denied-page') },
      { path: '/access-forbidden', lazy: () => import('../features/errors/access-forbidden-page') },
      { path: '/global-error/:correlationId?', lazy: () => import('../features/errors/global-error-page') },
      { path: '/session-timeout', lazy: () => import('../features/session/pages/session-timeout-page') },
      { path: '/auth/callback', element: <AuthCallback /> },
      { path: '/logout', lazy: () => import('../features/session/pages/logout-page') },
      { path: '/logout.html', lazy: () => import('../features/session/pages/logout-page') },
      { path: '/not-found', lazy: () => import('../client/pages/not-found-page') },
      {
        path: '/authentication-error/:error?',
        lazy: () => import('../features/errors/authentication-error-page'),
      },
      {
        path: '/',
        element: (
          <RequireSession>
            <AccountGate>
              <Layout />
            </AccountGate>
          </RequireSession>
        ),
        errorElement: <RenderError />,
        children: [
          { index: true, element: <StartScreen /> },
          { path: 'calculations', lazy: () => import('../features/calculations/pages/calculations-page') },
          {
            path: 'calculations/new-calculation',
            lazy: () => import('./routes/calculation'),
          },
          ...['calculations/new-calculation', 'calculations/:calculationSetId/:calculationVariantId'].flatMap(
            (base) => [
              {
                path: `${base}/edit-customer`,
                lazy: () => import('../features/customers/pages/edit-customer-page'),
              },
              {
                path: `${base}/edit-supplier`,
                lazy: () => import('../features/customers/pages/edit-supplier-page'),
              },
              {
                path: `${base}/edit-sublessee`,
                lazy: () => import('../features/customers/pages/edit-sublessee-page'),
              },
            ],
          ),
          {
            path: 'calculations/:calculationSetId/:calculationVariantId',
            lazy: () => import('./routes/calculation'),
          },
          {
            path: 'calculations/:calculationSetId/:calculationVariantId/attachments',
            lazy: () => import('../features/documents/pages/attachments-page'),
          },
          { path: 'mygrenke/users', lazy: () => import('../features/admin/pages/users-page') },
          { path: 'mygrenke/users/new-user', lazy: () => import('../features/admin/pages/user-page') },
          { path: 'mygrenke/users/:userId', lazy: () => import('../features/admin/pages/user-page') },
          { path: 'mygrenke/company-management', lazy: () => import('../features/admin/pages/company-page') },
          {
            path: 'calculations/:calculationSetId/:calculationVariantId/summary-customer',
            lazy: () => import('../features/requests/pages/summary-customer-page'),
          },
          {
            path: 'calculations/:calculationSetId/:calculationVariantId/summary-grenke',
            lazy: () => import('../features/requests/pages/summary-grenke-page'),
          },
          {
            path: 'calculations/:calculationSetId/:calculationVariantId/contract-details',
            lazy: () => import('./routes/contract-details'),
          },
          {
            path: 'calculations/:calculationSetId/:calculationVariantId/summary-sent',
            lazy: () => import('../features/signing/pages/summary-sent-page'),
          },
          { path: 'contracts', lazy: () => import('../features/contracts/pages/contracts-page') },
          {
            path: 'contracts/:referenceCode',
            lazy: () => import('../features/contracts/pages/contract-page'),
          },
          {
            path: 'contracts/:referenceCode/redemption-offer',
            lazy: () => import('../features/contracts/pages/redemption-offer-page'),
          },
          { path: 'backoffice', lazy: () => import('../features/backoffice/pages/queue-page') },
          {
            path: 'backoffice/requests/:requestId',
            lazy: () => import('../features/backoffice/pages/request-page'),
          },
          { path: 'sync', lazy: () => import('../features/sync/pages/sync-page') },
          { path: 'sign-out', lazy: () => import('../features/session/pages/sign-out-page') },
          { path: 'help-center', lazy: () => import('../features/help/pages/help-center-page') },
          { path: 'faq-center', lazy: () => import('../features/help/pages/faq-center-page') },
        ],
      },
      { path: '*', element: <Navigate to="/not-found" replace /> },
    ],
  },
];
