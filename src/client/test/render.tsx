/**
 * Renders a component as the app does (Chakra's system, the English texts, a query client, a
 * router at `route`), for component tests under jsdom.
 */
import { ChakraProvider } from '../ui/chakra';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook } from '@testing-library/react';
import { createInstance } from 'i18next';
import { readFileSync } from 'node:fs';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { system } from '../ui/system';

const english = JSON.parse(readFileSync('locales/ui.en-IE.json', 'utf8')) as Record<string, unknown>;

export function testI18n() {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en-IE',
    ns: ['ui'],
    defaultNS: 'ui',
    resources: { 'en-IE': { ui: english } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i18n;
}

export function providers({ route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const i18n = testI18n();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <ChakraProvider value={system}>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
          </QueryClientProvider>
        </I18nextProvider>
      </ChakraProvider>
    );
  }
  return { Wrapper, queryClient, i18n };
}

export function renderWithApp(ui: ReactNode, options: { route?: string } = {}) {
  const { Wrapper, ...rest } = providers(options);
  return { ...render(ui, { wrapper: Wrapper }), ...rest };
}

export function renderHookWithApp<T>(hook: () => T, options: { route?: string } = {}) {
  const { Wrapper, ...rest } = providers(options);
  return { ...renderHook(hook, { wrapper: Wrapper }), ...rest };
}
