import type { FastifyInstance, FastifyReply } from 'fastify';
import type { VariantEntity } from '../../../domain/api/calculations';
import type { Db } from '../../db/db';
import { serve } from '../../endpoint';
import type { ChangeEffects } from './changes';
import type { ReferenceCache } from './reference-cache';
import * as lists from './list-service';
import * as calculations from './service';
import * as sets from './set-service';

/** Calculation view, calculate, sets and variants, the list, its export and the quick search. */
export function calculationRoutes(
  app: FastifyInstance,
  db: Db,
  effects: ChangeEffects,
  references: ReferenceCache,
): void {
  const tags = ['calculations'];
  const withEtag = (reply: FastifyReply, entity: VariantEntity) => {
    reply.header('ETag', entity.properties.etag);
    return entity;
  };
  const created = (reply: FastifyReply, entity: VariantEntity) => {
    reply.code(201).header('Location', entity.links![0]!.href);
    return withEtag(reply, entity);
  };
  const saveOptions = (req: { query: { forceUpdate?: string }; headers: { 'if-match'?: string } }) => ({
    force: req.query.forceUpdate === 'true',
    ifMatch: req.headers['if-match'],
  });

  serve(
    app,
    'calculationView',
    {
      summary: 'Condition lists, object types and defaults of the selected brand; with ids, also the variant',
      tags,
    },
    (req) => calculations.calculationView(db, req.caller!, req.query),
  );
  serve(app, 'calculate', { summary: 'Calculate one row per period of a condition list', tags }, (req) =>
    calculations.calculate(references, req.caller!, req.params.conditionListId, req.body),
  );

  serve(app, 'calculationList', { summary: 'The calculation list of the selected brand', tags }, (req) =>
    lists.listCalculations(db, req.caller!, req.query),
  );
  serve(
    app,
    'calculationListExcel',
    { summary: 'The calculation list as a spreadsheet (base64), with the Excel download permission', tags },
    (req) =>
      lists.exportCalculations(
        db,
        req.caller!,
        { ...req.query, itemsPerPage: lists.EXPORT_MAX_ROWS, page: 1 },
        req.headers['accept-language'],
      ),
  );
  serve(app, 'quickSearch', { summary: 'Calculations (and later contracts) matching a text', tags }, (req) =>
    lists.quickSearch(db, req.caller!, req.query.searchText),
  );

  serve(
    app,
    'createSet',
    {
      summary: 'Save a new calculation set (state inWork) with its first variant',
      tags,
      config: { idempotent: true },
    },
    async (req, reply) => created(reply, await sets.createSet(db, references, req.caller!, req.body)),
  );
  serve(app, 'variant', { summary: 'One variant of a calculation set', tags }, async (req, reply) =>
    withEtag(reply, await sets.getVariant(db, req.caller!, req.params.setId, req.params.variantId)),
  );
  serve(
    app,
    'saveVariant',
    {
      summary: 'Update a variant; locked states answer 409 unless forceUpdate=true',
      tags,
      config: { idempotent: true },
    },
    async (req, reply) =>
      withEtag(
        reply,
        await sets.updateVariant(
          db,
          references,
          effects,
          req.caller!,
          req.params,
          req.body,
          saveOptions(req),
        ),
      ),
  );
  serve(
    app,
    'saveApplicant',
    { summary: "Update the set's applicant", tags, config: { idempotent: true } },
    async (req, reply) =>
      withEtag(
        reply,
        await sets.updateApplicant(
          db,
          effects,
          req.caller!,
          req.params,
          req.body,
          req.query.companyCountryISO,
          saveOptions(req),
        ),
      ),
  );
  serve(
    app,
    'saveObjectList',
    { summary: "Replace the variant's specific objects (recalculated)", tags, config: { idempotent: true } },
    async (req, reply) =>
      withEtag(
        reply,
        await sets.updateObjectList(
          db,
          references,
          effects,
          req.caller!,
          req.params,
          req.body.financingObjects,
          saveOptions(req),
        ),
      ),
  );
  serve(
    app,
    'addVariant',
    {
      summary: 'Add a variant to a set: a copy of one (copyOf) or new inputs',
      tags,
      config: { idempotent: true },
    },
    async (req, reply) =>
      created(reply, await sets.addVariant(db, references, req.caller!, req.params.setId, req.body)),
  );
  serve(
    app,
    'deleteVariant',
    { summary: 'Delete a variant (not the last one, only a quote)', tags, config: { idempotent: true } },
    async (req, reply) => {
      await sets.deleteVariant(db, req.caller!, req.params.setId, req.params.variantId);
      // Not sent: an idempotent answer leaves only after its transaction commits.
      reply.code(204);
    },
  );
}
