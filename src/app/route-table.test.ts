import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { needsSession } from '../client/auth/entry';
import { routes } from './route-table';

/** Every path of a route table, `:param` and optional segments filled in as a visitor's URL would. */
function paths(table: RouteObject[], base = ''): string[] {
  return table.flatMap((route) => {
    const here =
      route.path === undefined ? base : `${base.replace(/\/$/, '')}/${route.path}`.replace(/^\/\//, '/');
    const url =
      here
        .replace(/:[a-zA-Z]+\?/g, '')
        .replace(/:[a-zA-Z]+/g, 'x')
        .replace(/\/+$/, '') || '/';
    return [
      ...(route.path !== undefined && route.path !== '*' ? [url] : []),
      ...paths(route.children ?? [], here),
    ];
  });
}

describe('the sign-in entry and the route table', () => {
  const [root] = routes;
  const app = root!.children!.find((route) => route.path === '/')!;
  const statics = root!.children!.filter((route) => route !== app && route.path !== '*');

  it('sends to sign-in first on every page of the signed-in app', () => {
    const appPaths = paths([app]);
    expect(appPaths.length).toBeGreaterThan(20);
    for (const path of appPaths) expect(needsSession(path), path).toBe(true);
  });

  it('lets the static pages and unknown paths start without a session', () => {
    const staticPaths = paths(statics);
    expect(staticPaths).toContain('/not-found');
    for (const path of [...staticPaths, '/no/such/page']) expect(needsSession(path), path).toBe(false);
  });
});
