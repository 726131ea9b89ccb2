/**
 * Vitest's setup for every test file. Component tests (`// @vitest-environment jsdom`) get what
 * jsdom lacks and Chakra asks for (matchMedia, ResizeObserver), and what they rendered is
 * unmounted after each test (Vitest runs without globals, so Testing Library cannot do it itself).
 */
import { afterEach } from 'vitest';

if (typeof window !== 'undefined') {
  const testingLibrary = await import('@testing-library/react');
  afterEach(() => testingLibrary.cleanup());
  const matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
  if (!('matchMedia' in window)) Object.defineProperty(window, 'matchMedia', { value: matchMedia });
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
