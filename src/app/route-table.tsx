import { Navigate, type RouteObject } from 'react-router-dom';
import { StartScreen } from '../features/dashboard/start-screen';
import { RenderError } from '../features/errors/render-error';
import { AuthCallback } from '../features/session/components/auth-callback';
import { RequireSession } from '../features/session/components/require-session';
import { AccountGate } from '../features/session/components/account-gate';
import { DocumentTitle } from './document-title';
import { Layout } from './shell/layout';

/** The stand-alone pages (sign-out, errors): without the main layout and without a session. */
const STAND_ALONE_PAGES: RouteObject[] = [
  {
    path: '/access-denied',
    handle: { title: 'errors.accessDenied.title' },
    lazy: () => import('../features/errors/access-denied-page'),
  },
  {
    path: '/access-forbidden',
    handle: { title: 'errors.accessForbidden.title' },
    lazy: () => import('../features/errors/access-forbidden-page'),
  },
  {
    path: '/global-error/:correlationId?',
    handle: { title: 'errors.globalTitle' },
    lazy: () => import('../features/errors/global-error-page'),
  },
  {
    path: '/session-timeout',
    handle: { title: 'session.timeout.title' },
    lazy: () => import('../features/session/pages/session-timeout-page'),
  },
  { path: '/auth/callback', element: <AuthCallback /> },
  {
    path: '/logout',
    handle: { title: 'logout.title' },
    lazy: () => import('../features/session/pages/logout-page'),
  },
  {
    path: '/logout.html',
    handle: { title: 'logout.title' },
    lazy: () => import('../features/session/pages/logout-page'),
  },
  {
    path: '/not-found',
    handle: { title: 'errors.notFound.title' },
    lazy: () => import('../client/pages/not-found-page'),
  },
  {
    path: '/authentication-error/:error?',
    handle: { title: 'errors.authentication.title' },
    lazy: () => import('../features/errors/authentication-error-page'),
  },
];

/** The route table. The start screen comes with the shell; every other page is a lazy chunk. */
export const routes: RouteObject[] = [
  {
    // A direct load waits for its page's chunk before rendering anything: there is nothing to show
    // meanwhile, said explicitly (the router warns otherwise).
    HydrateFallback: () => null,
    element: <DocumentTitle />,
    children: [
      ...STAND_ALONE_PAGES,
      // A path below a stand-alone page that is none of them shows the signed-out page
      // (administration specification, “Screens and routes”); any other unknown path is not found.
      ...STAND_ALONE_PAGES.map((page) => ({
        path: `${page.path!.replace(/\?$/, '')}/*`,
        element: <Navigate to="/logout" replace />,
      })),
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
          { index: true, element: <StartScreen />, handle: { title: 'shell.nav.start' } },
          {
            path: 'calculations',
            handle: { title: 'calculationList.title' },
            lazy: () => import('../features/calculations/pages/calculations-page'),
          },
          {
            path: 'calculations/new-calculation',
            handle: { title: 'calculation.newTitle' },
            lazy: () => import('./routes/calculation'),
          },
          ...['calculations/new-calculation', 'calculations/:calculationSetId/:calculationVariantId'].flatMap(
            (base) => [
              {
                path: `${base}/edit-customer`,
                handle: { title: 'customer.editTitle' },
                lazy: () => import('../features/customers/pages/edit-customer-page'),
              },
              {
                path: `${base}/edit-supplier`,
                handle: { title: 'customer.supplierTitle' },
                lazy: () => import('../features/customers/pages/edit-supplier-page'),
              },
              {
                path: `${base}/edit-sublessee`,
                handle: { title: 'customer.sublesseeTitle' },
                lazy: () => import('../features/customers/pages/edit-sublessee-page'),
              },
            ],
          ),
          {
            path: 'calculations/:calculationSetId/:calculationVariantId',
            handle: { title: 'calculation.title' },
            lazy: () => import('./routes/calculation'),
          },
          {
            path: 'calculations/:calculationSetId/:calculationVariantId/attachments',
            handle: { title: 'documents.title' },
            lazy: () => import('../features/documents/pages/attachments-page'),
          },
          {
            path: 'mygrenke/users',
            handle: { title: 'admin.users.title' },
            lazy: () => import('../features/admin/pages/users-page'),
          },
          {
            path: 'mygrenke/users/new-user',
            handle: { title: 'admin.users.new' },
            lazy: () => import('../features/admin/pages/user-page'),
          },
          {
            path: 'mygrenke/users/:userId',
            handle: { title: 'admin.users.title' },
            lazy: () => import('../features/admin/pages/user-page'),
          },
          {
            path: 'mygrenke/company-management',
            handle: { title: 'admin.company.title' },
            lazy: () => import('../features/admin/pages/company-page'),
          },
          {
            path: 'calculations/:calculationSetId/:calculationVariantId/summary-customer',
            handle: { title: 'offer.title' },
            lazy: () => import('../features/requests/pages/summary-customer-page'),
          },
          {
            path: 'calculations/:calculationSetId/:calculationVariantId/summary-grenke',
            handle: { title: 'request.title' },
            lazy: () => import('../features/requests/pages/summary-grenke-page'),
          },
          {
            path: 'calculations/:calculationSetId/:calculationVariantId/contract-details',
            handle: { title: 'signing.title' },
            lazy: () => import('./routes/contract-details'),
          },
          {
            path: 'calculations/:calculationSetId/:calculationVariantId/summary-sent',
            handle: { title: 'signing.sent.title' },
            lazy: () => import('../features/signing/pages/summary-sent-page'),
          },
          {
            path: 'contracts',
            handle: { title: 'contracts.title' },
            lazy: () => import('../features/contracts/pages/contracts-page'),
          },
          {
            path: 'contracts/:referenceCode',
            handle: { title: 'contracts.detail.title' },
            lazy: () => import('../features/contracts/pages/contract-page'),
          },
          {
            path: 'contracts/:referenceCode/redemption-offer',
            handle: { title: 'contracts.redemption.title' },
            lazy: () => import('../features/contracts/pages/redemption-offer-page'),
          },
          {
            path: 'backoffice',
            handle: { title: 'backoffice.queue.title' },
            lazy: () => import('../features/backoffice/pages/queue-page'),
          },
          {
            path: 'backoffice/requests/:requestId',
            handle: { title: 'backoffice.queue.title' },
            lazy: () => import('../features/backoffice/pages/request-page'),
          },
          {
            path: 'sync',
            handle: { title: 'sync.title' },
            lazy: () => import('../features/sync/pages/sync-page'),
          },
          {
            path: 'sign-out',
            handle: { title: 'signOut.title' },
            lazy: () => import('../features/session/pages/sign-out-page'),
          },
          {
            path: 'help-center',
            handle: { title: 'help.title' },
            lazy: () => import('../features/help/pages/help-center-page'),
          },
          {
            path: 'faq-center',
            handle: { title: 'help.faqTitle' },
            lazy: () => import('../features/help/pages/faq-center-page'),
          },
        ],
      },
      { path: '*', element: <Navigate to="/not-found" replace /> },
    ],
  },
];
