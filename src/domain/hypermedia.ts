/**
 * The shape of every API answer: an entity with properties, child entities, the actions the
 * caller may take now, and links (docs/api.md). The schemas live in `src/domain/api`; the client
 * follows actions and never rebuilds the rule that decided whether one is offered.
 */
import type { ActionName } from './api/actions';
import type { Action, Entity } from './api/entity';

export type { Action, Entity } from './api/entity';
export type { ActionName } from './api/actions';

export function findAction(entity: Pick<Entity, 'actions'>, name: ActionName): Action | undefined {
  return entity.actions?.find((a) => a.name === name);
}
