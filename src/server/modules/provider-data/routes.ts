import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/db';
import { serve } from '../../endpoint';
import type { ReferenceCache } from '../calculations';
import type { CallerCache } from '../../plugins/caller-cache';
import { PROBLEM } from '../../../domain/problems';
import { HttpProblem } from '../../problems';
import { ProviderDataRefused } from './load';
import { loadFile, requireProviderAdmin } from './service';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A provider's whole catalogue in one file: far more than a request of the portal carries. */
const BODY_LIMIT = 20 * 1024 * 1024;

/** 400 naming every problem: `problems` as the file names them, `invalid-params` as every 400 does. */
function refused(e: ProviderDataRefused): HttpProblem {
  return new HttpProblem(400, PROBLEM.validation, 'Bad Request', e.message, {
    'invalid-params': e.problems.map((p) => ({
      name: [p.where, p.field].filter(Boolean).join(' '),
      reason: p.message,
    })),
    problems: e.problems,
  });
}

/** The provider's systems load its data (docs/provider-data.md, docs/api.md "Provider data"). */
export async function providerDataRoutes(
  app: FastifyInstance,
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  references: ReferenceCache,
  accounts: Pick<CallerCache, 'forget'>,
) {
  await app.register((scope, _opts, done) => {
    // Both formats arrive as they are: the loader reads and checks them itself, by the shared schema.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      ['application/json', XLSX_TYPE],
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
      (_req, body, next) => next(null, body),
    );
    serve(
      scope,
      'providerData',
      {
        summary:
          "Load the provider's manufacturers, object types, price lists and underwriters (JSON or xlsx)",
        tags: ['provider data'],
        bodyLimit: BODY_LIMIT,
        // Who may load is known before the body is read: nobody else makes the server read 20 MB.
        onRequest: (req, _reply, done) => {
          try {
            requireProviderAdmin(req.caller!);
            done();
          } catch (refusal) {
            done(refusal as Error);
          }
        },
      },
      async (req) => {
        requireProviderAdmin(req.caller!);
        const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim();
        const kind = type === XLSX_TYPE ? 'xlsx' : type === 'application/json' ? 'json' : undefined;
        if (!kind || !Buffer.isBuffer(req.body))
          throw new HttpProblem(
            415,
            'about:blank',
            'Unsupported Media Type',
            `Send application/json or ${XLSX_TYPE}.`,
          );
        const { summary, changedAccounts } = await loadFile(
          db,
          config,
          { bytes: req.body, kind },
          req.query.dryRun === 'true',
        ).catch((e: unknown) => {
          throw e instanceof ProviderDataRefused ? refused(e) : e;
        });
        // This copy's next calculation sees the new lists; the others hear the load's NOTIFY.
        if (!summary.dryRun) {
          for (const b of summary.brands) references.forget(b.brandId);
          if (summary.manufacturers.changed || summary.objectTypes.changed) references.forget('*');
          // Underwriters changed: this copy's next call sees it (the NOTIFY may reach it later).
          for (const account of changedAccounts) accounts.forget(account);
        }
        return {
          class: ['providerDataLoad'],
          properties: summary,
          links: [{ rel: ['self'], href: '/api/provider/data' }],
        };
      },
    );
    done();
  });
}
