import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { matchRoutes, type RouteObject } from 'react-router-dom';
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
  const statics = root!.children!.filter((route) => route !== app && !route.path?.endsWith('*'));

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

describe('unknown paths', () => {
  const target = (url: string) => {
    const matched = matchRoutes(routes, url)!.at(-1)!.route;
    const element = matched.element as { props?: { to?: string } } | undefined;
    return element?.props?.to ?? matched.path;
  };

  it('below a stand-alone page show the signed-out page; elsewhere they are not found', () => {
    for (const url of ['/logout/old', '/logout.html/x', '/global-error/c-1/extra', '/session-timeout/a/b'])
      expect(target(url), url).toBe('/logout');
    for (const url of ['/no/such/page', '/calculations/1/2/3/4/5', '/logoutx'])
      expect(target(url), url).toBe('/not-found');
    // The pages themselves, with their optional parts, are still theirs.
    expect(target('/global-error/c-1')).toBe('/global-error/:correlationId?');
    expect(target('/logout')).toBe('/logout');
  });
});

describe('the document title of each page', () => {
  const routesOf = (table: RouteObject[]): RouteObject[] =>
    table.flatMap((route) => [route, ...routesOf(route.children ?? [])]);
  const pages = routesOf(routes).filter(
    (route) =>
      (route.index || route.path) &&
      !route.children &&
      !route.path?.endsWith('*') &&
      route.path !== '/auth/callback',
  );
  const key = (route: RouteObject) => (route.handle as { title?: string } | undefined)?.title;

  it('names every page', () => {
    expect(pages.length).toBeGreaterThan(30);
    for (const route of pages) expect(key(route), route.path ?? 'index').toBeTruthy();
  });

  it('is translated in every shipped language', () => {
    const files = readdirSync('locales').filter((f) => f.startsWith('ui.'));
    for (const file of files) {
      const messages = JSON.parse(readFileSync(path.join('locales', file), 'utf8')) as Record<
        string,
        unknown
      >;
      for (const route of pages) {
        const found = key(route)!
          .split('.')
          .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], messages);
        expect(typeof found, `${file}: ${key(route)}`).toBe('string');
      }
    }
  });
});
