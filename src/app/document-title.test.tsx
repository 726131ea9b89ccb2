// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { usePageSubject } from '../client/page-subject';
import { testI18n } from '../client/test/render';
import { DocumentTitle } from './document-title';

function Customer({ name }: { name?: string }) {
  usePageSubject(name);
  return null;
}

const routes = [
  {
    element: <DocumentTitle />,
    children: [
      { path: '/calculations', element: null, handle: { title: 'calculationList.title' } },
      {
        path: '/calculations/a',
        element: <Customer name="Müller GmbH" />,
        handle: { title: 'calculation.title' },
      },
      { path: '/calculations/b', element: <Customer />, handle: { title: 'calculation.title' } },
    ],
  },
];

function open(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <I18nextProvider i18n={testI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

describe('the browser tab’s title', () => {
  it('leads with the subject a page names, and drops it when the page goes', async () => {
    const router = open('/calculations/a');
    expect(document.title).toBe('Müller GmbH – Calculation – Partner Portal');
    await act(() => router.navigate('/calculations'));
    expect(document.title).toBe('Calculations – Partner Portal');
  });

  it('is the route’s title when the page names no subject', () => {
    open('/calculations/b');
    expect(document.title).toBe('Calculation – Partner Portal');
  });
});
