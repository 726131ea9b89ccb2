import { z } from 'zod';
import { ActionName } from './actions';

/**
 * The envelope of every API answer (docs/api.md): properties, child entities, the actions the
 * caller may take now and links. `entity(properties, child)` builds the schema of one answer.
 */
export const Field = z.object({
  name: z.string(),
  type: z.string().optional(),
  value: z.unknown().optional(),
});
export type Field = z.infer<typeof Field>;

export const Action = z.object({
  name: ActionName,
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  href: z.string(),
  type: z.string().optional(),
  fields: z.array(Field).optional(),
});
export type Action = z.infer<typeof Action>;

export const Link = z.object({ rel: z.array(z.string()), href: z.string() });
export type Link = z.infer<typeof Link>;

const envelope = {
  class: z.array(z.string()).optional(),
  rel: z.array(z.string()).optional(),
  actions: z.array(Action).optional(),
  links: z.array(Link).optional(),
};

/** An entity whose properties follow `properties`, without child entities. */
export const entity = <P extends z.ZodType>(properties: P) => z.object({ ...envelope, properties });

/** An entity with child entities (a list and its items, a group and its documents). */
export const entityWith = <P extends z.ZodType, C extends z.ZodType>(properties: P, child: C) =>
  z.object({ ...envelope, properties, entities: z.array(child).optional() });

/**
 * A page of a list (calculations, contracts): its items as child entities, the count of all that
 * match, the states the filter offers and the paging.
 */
export const listAnswer = <I extends z.ZodType, S extends z.ZodType>(item: I, state: S) =>
  entityWith(
    z.object({
      count: z.number(),
      availableStates: z.array(state),
      page: z.number(),
      itemsPerPage: z.number(),
    }),
    entity(item),
  );

/** The TypeScript shape of an answer; `C` is the properties of its child entities. */
export interface Entity<P = Record<string, unknown>, C = Record<string, unknown>> {
  class?: string[];
  rel?: string[];
  properties: P;
  entities?: Entity<C>[];
  actions?: Action[];
  links?: Link[];
}
