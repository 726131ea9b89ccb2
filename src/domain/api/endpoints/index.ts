/**
 * Every endpoint of the API, one constant each: its name, method and address, with `:name` for
 * each path parameter. The schemas of each (parameters, query, body, answer) are bound to the same
 * names in contract.ts; the server registers its routes from both (src/server/endpoint.ts), the
 * PWA calls an endpoint by its constant (`call` in src/client/http.ts) and its outbox keeps the
 * name and the parameters of a waiting write. The constants hold no schema and no code, and each
 * area has a module of its own: a screen's bundle carries the areas it calls and nothing else
 * (docs/architecture.md, "Layers and imports"). The PWA imports an area's module; the server and
 * contract.ts the whole table from here.
 */

export * from './session';
export * from './calculations';
export * from './customers';
export * from './documents';
export * from './process';
export * from './offer-links';
export * from './contracts';
export * from './administration';
export * from './backoffice';
