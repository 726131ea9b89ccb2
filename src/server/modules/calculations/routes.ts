import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CalculationExportQuery,
  CalculationListQuery,
  QuickSearchQuery,
} from '../../../domain/calculation/list';
import { CalculateRequest } from '../../../domain/calculation/schemas';
import { CalculationSetSave, CalculationVariant, ObjectListSave } from '../../../domain/calculation/variant';
import { Customer } from '../../../domain/customers/schemas';
import {
  CalculateEntity,
  CalculationListEntity,
  CalculationViewEntity,
  VariantEntity,
} from '../../../domain/api/calculations';
import { Base64File } from '../../../domain/api/common';
import { QuickSearchEntity } from '../../../domain/api/search';
import type { Db } from '../../db/db';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['calculations'];
  const profileQuery = z.object({
    userprofileId: z.string().optional(),
    userProfileId: z.string().optional(),
  });
  const variantParams = z.object({ setId: z.string().max(100), variantId: z.string().max(100) });
  const withEtag = (reply: { header: (k: string, v: string) => unknown }, entity: VariantEntity) => {
    reply.header('ETag', entity.properties.etag);
    return entity;
  };

  r.get(
    '/api/calculationView',
    {
      schema: {
        summary:
          'Condition lists, object types and defaults of the selected brand; with ids, also the variant',
        tags,
        querystring: z.object({
          calculationSetId: z.string().max(100).optional(),
          calculationVariantId: z.string().max(100).optional(),
        }),
        response: { 200: CalculationViewEntity },
      },
    },
    (req) => calculations.calculationView(db, req.caller!, req.query),
  );
  r.post(
    '/api/calculate/:conditionListId',
    {
      schema: {
        summary: 'Calculate one row per period of a condition list',
        tags,
        params: z.object({ conditionListId: z.string().min(1).max(100) }),
        querystring: profileQuery,
        body: CalculateRequest,
        response: { 200: CalculateEntity },
      },
    },
    (req) => calculations.calculate(references, req.caller!, req.params.conditionListId, req.body),
  );

  r.get(
    '/api/calculationSets',
    {
      schema: {
        summary: 'The calculation list of the selected brand',
        tags,
        querystring: CalculationListQuery,
        response: { 200: CalculationListEntity },
      },
    },
    (req) => lists.listCalculations(db, req.caller!, req.query),
  );
  r.get(
    '/api/calculationSets/excel',
    {
      schema: {
        summary: 'The calculation list as a spreadsheet (base64), with the Excel download permission',
        tags,
        querystring: CalculationExportQuery,
        response: { 200: Base64File },
      },
    },
    (req) =>
      lists.exportCalculations(
        db,
        req.caller!,
        { ...req.query, itemsPerPage: lists.EXPORT_MAX_ROWS, page: 1 },
        req.headers['accept-language'],
      ),
  );
  r.get(
    '/api/search/quicksearch',
    {
      schema: {
        summary: 'Calculations (and later contracts) matching a text',
        tags,
        querystring: QuickSearchQuery,
        response: { 200: QuickSearchEntity },
      },
    },
    (req) => lists.quickSearch(db, req.caller!, req.query.searchText),
  );

  r.post(
    '/api/calculationSets',
    {
      config: { idempotent: true },
      schema: {
        summary: 'Save a new calculation set (state inWork) with its first variant',
        tags,
        querystring: profileQuery,
        body: CalculationSetSave,
        response: { 201: VariantEntity },
      },
    },
    async (req, reply) => {
      const entity = await sets.createSet(db, references, req.caller!, req.body);
      reply.code(201).header('Location', entity.links![0]!.href);
      return withEtag(reply, entity);
    },
  );
  r.get(
    '/api/calculationSets/:setId/calculationVariant/:variantId',
    {
      schema: {
        summary: 'One variant of a calculation set',
        tags,
        params: variantParams,
        response: { 200: VariantEntity },
      },
    },
    async (req, reply) =>
      withEtag(reply, await sets.getVariant(db, req.caller!, req.params.setId, req.params.variantId)),
  );
  r.put(
    '/api/calculationSets/:setId/calculationVariant/:variantId',
    {
      config: { idempotent: true },
      schema: {
        summary: 'Update a variant; locked states answer 409 unless forceUpdate=true',
        tags,
        params: variantParams,
        querystring: profileQuery.extend({ forceUpdate: z.enum(['true', 'false']).optional() }),
        body: CalculationSetSave,
        response: { 200: VariantEntity },
      },
    },
    async (req, reply) => {
      const opts = { force: req.query.forceUpdate === 'true', ifMatch: req.headers['if-match'] };
      const ids = { setId: req.params.setId, variantId: req.params.variantId };
      return withEtag(
        reply,
        await sets.updateVariant(db, references, effects, req.caller!, ids, req.body, opts),
      );
    },
  );
  r.put(
    '/api/calculationSets/:setId/calculationVariant/:variantId/applicant',
    {
      config: { idempotent: true },
      schema: {
        summary: "Update the set's applicant",
        tags,
        params: variantParams,
        querystring: profileQuery.extend({
          companyCountryISO: z.string().length(2).optional(),
          forceUpdate: z.enum(['true', 'false']).optional(),
        }),
        body: Customer,
        response: { 200: VariantEntity },
      },
    },
    async (req, reply) => {
      const opts = { force: req.query.forceUpdate === 'true', ifMatch: req.headers['if-match'] };
      const ids = { setId: req.params.setId, variantId: req.params.variantId };
      return withEtag(
        reply,
        await sets.updateApplicant(
          db,
          effects,
          req.caller!,
          ids,
          req.body,
          req.query.companyCountryISO,
          opts,
        ),
      );
    },
  );
  r.put(
    '/api/calculationSets/:setId/calculationVariant/:variantId/object-list',
    {
      config: { idempotent: true },
      schema: {
        summary: "Replace the variant's specific objects (recalculated)",
        tags,
        params: variantParams,
        querystring: profileQuery.extend({ forceUpdate: z.enum(['true', 'false']).optional() }),
        body: ObjectListSave,
        response: { 200: VariantEntity },
      },
    },
    async (req, reply) => {
      const opts = { force: req.query.forceUpdate === 'true', ifMatch: req.headers['if-match'] };
      const ids = { setId: req.params.setId, variantId: req.params.variantId };
      return withEtag(
        reply,
        await sets.updateObjectList(
          db,
          references,
          effects,
          req.caller!,
          ids,
          req.body.financingObjects,
          opts,
        ),
      );
    },
  );
  r.post(
    '/api/calculationSets/:setId/calculationVariant',
    {
      config: { idempotent: true },
      schema: {
        summary: 'Add a variant to a set: a copy of one (copyOf) or new inputs',
        tags,
        params: z.object({ setId: z.string().max(100) }),
        body: z.object({
          copyOf: z.string().max(100).optional(),
          calculationVariant: CalculationVariant.optional(),
        }),
        response: { 201: VariantEntity },
      },
    },
    async (req, reply) => {
      const entity = await sets.addVariant(db, references, req.caller!, req.params.setId, req.body);
      reply.code(201).header('Location', entity.links![0]!.href);
      return withEtag(reply, entity);
    },
  );
  r.delete(
    '/api/calculationSets/:setId/calculationVariant/:variantId',
    {
      config: { idempotent: true },
      schema: { summary: 'Delete a variant (not the last one, only a quote)', tags, params: variantParams },
    },
    async (req, reply) => {
      await sets.deleteVariant(db, req.caller!, req.params.setId, req.params.variantId);
      // Returned, not sent: an idempotent answer leaves only after its transaction commits.
      reply.code(204);
    },
  );
}
