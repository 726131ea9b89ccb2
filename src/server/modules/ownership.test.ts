import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { getTableName, isTable } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema';

/**
 * Who owns which table (docs/architecture.md, "Modules"): a module's repo files read and write
 * only its own tables; another module's data is acted on through what that module exports in its
 * index.ts, called in the same transaction. Tables owned by `server` belong to the code outside
 * the modules (identity provider, plugins, jobs, integrations), which modules call as functions:
 * `mails` is the mail integration's (src/server/integrations/mail: it queues, sends and, for the
 * demo mailbox, reads them). Code outside the modules touches a module's table only where
 * OUTSIDE says why.
 */
const OWNER = {
  accounts: 'session',
  partners: 'session',
  brands: 'session',
  users: 'session',
  user_profiles: 'session',
  calculation_sets: 'calculations',
  calculation_state_counts: 'calculations',
  calculation_volume: 'calculations',
  calculation_volume_turns: 'calculations',
  calculation_variants: 'calculations',
  condition_lists: 'calculations',
  object_types: 'calculations',
  manufacturers: 'calculations',
  object_type_manufacturers: 'calculations',
  brand_object_types: 'calculations',
  credit_requests: 'requests',
  special_case_requests: 'requests',
  offer_links: 'offer-links',
  offer_link_events: 'offer-links',
  credit_agency_reports: 'customers',
  documents: 'documents',
  contracts: 'contracts',
  applications: 'signing',
  esignature_processes: 'esignature',
  bankid_processes: 'bankid',
  bankid_orders: 'bankid',
  partner_logos: 'logo',
  ui_errors: 'logging',
  mails: 'server',
  jobs: 'server',
  settings: 'server',
  oidc_payloads: 'server',
  revoked_grants: 'server',
  sign_in_failures: 'server',
  sign_in_addresses: 'server',
  rate_limits: 'server',
  idempotency_keys: 'server',
  password_tokens: 'server',
  esign_sim_envelopes: 'server',
  bankid_sim_orders: 'server',
} as const;

/**
 * Foreign tables a repo file may still read, with the reason. Only read-only joins belong here,
 * of tuned queries where asking the owner would cost a round trip per row or break the index plan.
 */
const EXCEPTIONS: Record<string, { tables: string[]; reason: string }> = {
  'calculations/list-repo.ts': {
    tables: ['users', 'user_profiles', 'contracts'],
    reason: "the tuned list names each row's owner and contract in the same index-ordered page",
  },
  'calculations/set-repo.ts': {
    tables: [
      'documents',
      'credit_agency_reports',
      'users',
      'special_case_requests',
      'credit_requests',
      'applications',
      'brands',
    ],
    reason:
      "findSet reads the whole set in two round trips (its brand's BankID flag too); the owners of these tables import calculations",
  },
  'contracts/repo.ts': {
    tables: ['users', 'user_profiles'],
    reason: "the tuned list names each row's owner in the same index-ordered page",
  },
  'documents/repo.ts': {
    tables: ['calculation_sets'],
    reason: "a brand's quota sums the sizes of its sets' attachments in one aggregate",
  },
  'requests/repo.ts': {
    tables: ['calculation_sets', 'calculation_variants', 'partners', 'brands'],
    reason: "the back office queues filter on the variant's state under their limit and name each row",
  },
  'signing/repo.ts': {
    tables: ['calculation_sets', 'partners'],
    reason: "the back office queue of applications names each row's customer and partner",
  },
};

/**
 * Files outside the modules (paths under src/server) that touch a module's tables, with the
 * reason. The `content` column of `documents` is the document store's (its PostgreSQL adapter
 * keeps the bytes beside the module's metadata, integrations/document-store/port.ts); the rows are
 * the documents module's.
 */
const OUTSIDE: Record<string, { tables: string[]; reason: string }> = {
  'integrations/document-store/postgres.ts': {
    tables: ['documents'],
    reason: "the store's bytes live in the content column of the documents module's rows",
  },
  'identity/accounts.ts': {
    tables: ['accounts', 'users'],
    reason: 'the identity provider finds who may sign in before any module has a caller',
  },
  'identity/password-tokens.ts': {
    tables: ['accounts'],
    reason: "a password set through a one-time link is the identity provider's write",
  },
  'plugins/revocations.ts': {
    tables: ['accounts'],
    reason: "signing out everywhere moves the account's sessions-valid-after in the revocation's transaction",
  },
  'db/open.ts': {
    tables: ['users', 'accounts'],
    reason: 'opening the database asks whether the demo world is already there, before the modules start',
  },
  'admin/first-admin.ts': {
    tables: ['users', 'accounts', 'partners', 'brands', 'user_profiles'],
    reason: 'the set-up command creates the first partner, brand and admin before the server runs',
  },
  'jobs/housekeeping.ts': {
    tables: ['ui_errors', 'offer_link_events'],
    reason: "one job prunes every table's old rows by the retention settings",
  },
  'demo/seed.ts': {
    tables: [
      'condition_lists',
      'brands',
      'partners',
      'accounts',
      'users',
      'user_profiles',
      'calculation_sets',
      'contracts',
    ],
    reason: 'the demo world is written in one go into an empty database, before the server starts',
  },
  'demo/calculations.ts': {
    tables: ['calculation_sets', 'user_profiles', 'calculation_variants'],
    reason: 'the demo world is written in one go into an empty database, before the server starts',
  },
  'demo/contracts.ts': {
    tables: ['partners', 'user_profiles', 'users', 'accounts', 'contracts', 'brands'],
    reason: 'the demo world is written in one go into an empty database, before the server starts',
  },
};

const excepted = new Set(
  Object.entries(EXCEPTIONS).flatMap(([file, { tables }]) => tables.map((t) => `${file} → ${t}`)),
);

const ROOT = import.meta.dirname;
const TABLES = new Map(
  Object.entries(schema).flatMap(([name, value]) =>
    isTable(value) ? [[name, getTableName(value)] as const] : [],
  ),
);

const isRepo = (file: string) => /(^|-)repo\.ts$/.test(path.basename(file));
const sources = readdirSync(ROOT)
  .filter((name) => statSync(path.join(ROOT, name)).isDirectory())
  .flatMap((module) =>
    readdirSync(path.join(ROOT, module))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => ({
        module,
        file: `${module}/${file}`,
        // Comments may name other tables in prose.
        text: readFileSync(path.join(ROOT, module, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''),
      })),
  );
const repos = sources.filter((s) => isRepo(s.file));

/** Every source of the server outside the modules, tests and the schema itself. */
const SERVER = path.join(ROOT, '..');
const outside = readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .filter((file) => !/^(modules|test|db[\\/]schema)[\\/]/.test(file))
  .map((file) => ({
    file: file.split(path.sep).join('/'),
    text: readFileSync(path.join(SERVER, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''),
  }));
const outsideTouches = outside.flatMap((s) =>
  [...tablesOf(s.text)]
    .filter((t) => OWNER[t as keyof typeof OWNER] !== 'server')
    .map((t) => `${s.file} → ${t}`),
);
const outsideExcepted = new Set(
  Object.entries(OUTSIDE).flatMap(([file, { tables }]) => tables.map((t) => `${file} → ${t}`)),
);

/** The tables a source touches: drizzle tables it imports from the schema, and tables its SQL names. */
function tablesOf(text: string): Set<string> {
  const touched = new Set<string>();
  for (const [, names] of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[./]*db\/schema'/g))
    for (const name of names!.split(',').map((n) => n.trim()))
      if (!name.startsWith('type ') && TABLES.has(name)) touched.add(TABLES.get(name)!);
  for (const [, table] of text.matchAll(
    /\b(?:from|join|update|insert\s+into|delete\s+from)\s+([a-z_][a-z0-9_]*)/gi,
  ))
    if (table! in OWNER) touched.add(table!);
  return touched;
}

describe('the tables', () => {
  it('each have one owner', () => {
    expect([...TABLES.values()].filter((t) => !(t in OWNER))).toEqual([]);
  });

  it('are touched only by the repos of their owning module', () => {
    const foreign = repos.flatMap((r) =>
      [...tablesOf(r.text)]
        .filter((t) => OWNER[t as keyof typeof OWNER] !== r.module)
        .map((t) => `${r.file} → ${t}`),
    );
    expect(foreign.filter((f) => !excepted.has(f))).toEqual([]);
  });

  it('appear in no module file but a repo', () => {
    const outside = sources.filter((s) => !isRepo(s.file) && tablesOf(s.text).size > 0).map((s) => s.file);
    expect(outside).toEqual([]);
  });

  it('of a module are touched outside the modules only where OUTSIDE says why', () => {
    expect(outside.length).toBeGreaterThan(50);
    expect(outsideTouches.filter((t) => !outsideExcepted.has(t))).toEqual([]);
  });

  it('keep no exception that is no longer needed', () => {
    const touched = new Set(repos.flatMap((r) => [...tablesOf(r.text)].map((t) => `${r.file} → ${t}`)));
    expect([...excepted].filter((e) => !touched.has(e))).toEqual([]);
    expect([...outsideExcepted].filter((e) => !outsideTouches.includes(e))).toEqual([]);
  });
});
