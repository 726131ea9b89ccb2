/**
 * The shape of every API answer: an entity with properties, child entities, the actions the
 * caller may take now, and links (docs/api.md). The client follows actions; it never rebuilds the
 * rule that decided whether one is offered.
 */
export interface Field {
  name: string;
  type?: string;
  value?: unknown;
}

export interface Action {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  href: string;
  type?: string;
  fields?: Field[];
}

export interface Link {
  rel: string[];
  href: string;
}

export interface Entity<P = Record<string, unknown>> {
  class?: string[];
  rel?: string[];
  properties: P;
  entities?: Entity[];
  actions?: Action[];
  links?: Link[];
}

export function findAction(entity: Pick<Entity, 'actions'>, name: string): Action | undefined {
  return entity.actions?.find((a) => a.name === name);
}
