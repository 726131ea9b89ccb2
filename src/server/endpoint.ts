import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { Binding } from '../domain/api/binding';
import { CONTRACT } from '../domain/api/contract';
import { pathParamNames, type EndpointName, type PathParams } from '../domain/api/address';
import * as ENDPOINTS from '../domain/api/endpoints';

type BindingOf<N extends EndpointName> = (typeof CONTRACT)[N];
type Out<B, K extends keyof Binding, Else> = B extends { [P in K]: infer S extends z.ZodType }
  ? z.output<S>
  : Else;
/** What the handler may return: the answer before its encoding (dates may still be dates), or the reply. */
type Returned<N extends EndpointName> =
  BindingOf<N> extends { answer: infer A extends z.ZodType }
    ? z.input<A> | FastifyReply
    : FastifyReply | void;

export type EndpointRequest<N extends EndpointName> = FastifyRequest<{
  Params: BindingOf<N> extends { params: infer P extends z.ZodType } ? z.output<P> : PathParams<N>;
  Querystring: Out<BindingOf<N>, 'query', unknown>;
  Body: Out<BindingOf<N>, 'body', unknown>;
}>;

export interface EndpointOptions extends Partial<
  Pick<RouteOptions, 'config' | 'bodyLimit' | 'onRequest' | 'preValidation' | 'errorHandler'>
> {
  summary: string;
  tags: string[];
  /** The request's media types when not JSON (the API's documentation shows them). */
  consumes?: string[];
  /** Answers besides the contract's (a readiness check's 503). */
  otherAnswers?: Record<number, z.ZodType>;
}

/** Each path parameter a string of at most 100 characters, unless the contract says more. */
const defaultParams = (path: string) =>
  z.object(Object.fromEntries(pathParamNames(path).map((key) => [key, z.string().max(100)])));

/**
 * Registers an endpoint of the contract (src/domain/api/endpoints/ and contract.ts): its method,
 * address and schemas come from there; the module adds what only the server knows (the summary
 * for the API's documentation, its settings such as `idempotent` or a rate limit) and the handler.
 */
export function serve<N extends EndpointName>(
  app: FastifyInstance,
  name: N,
  { summary, tags, otherAnswers, consumes, ...options }: EndpointOptions,
  handler: (req: EndpointRequest<N>, reply: FastifyReply) => Returned<N> | Promise<Returned<N>>,
): void {
  const { method, path: url } = ENDPOINTS[name];
  const binding: Binding = CONTRACT[name];
  const hasParams = url.includes(':');
  app.route({
    ...options,
    method,
    url,
    schema: {
      summary,
      tags,
      ...(consumes ? { consumes } : {}),
      ...(hasParams ? { params: binding.params ?? defaultParams(url) } : {}),
      ...(binding.query ? { querystring: binding.query } : {}),
      ...(binding.body ? { body: binding.body } : {}),
      ...(binding.answer || otherAnswers
        ? {
            response: {
              ...(binding.answer ? { [binding.status ?? 200]: binding.answer } : {}),
              ...otherAnswers,
            },
          }
        : {}),
    },
    handler: handler as RouteOptions['handler'],
  });
}
