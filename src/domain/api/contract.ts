import type { z } from 'zod';
import type { Binding } from './binding';
import { calculationEndpoints } from './calculations';
import { backofficeEndpoints, providerDataEndpoints } from './backoffice';
import { configEndpoints } from './config';
import { dashboardEndpoints } from './dashboard';
import { contractEndpoints } from './contracts';
import { customerEndpoints } from './customers';
import { documentEndpoints } from './documents';
import { requestEndpoints } from './requests';
import { offerLinkEndpoints } from './offer-links';
import { signingEndpoints } from './signing';
import { termsEndpoints } from './terms';
import { userEndpoints } from './users';
import { searchEndpoints } from './search';
import { sessionEndpoints } from './session';
import type { EndpointName, PathParams } from './address';

/**
 * The schemas of every endpoint of endpoints/, by the same name: the server validates and
 * answers by them, the PWA takes its types from them (docs/architecture.md, "The contract").
 */
export const CONTRACT = {
  ...configEndpoints,
  ...sessionEndpoints,
  ...termsEndpoints,
  ...dashboardEndpoints,
  ...calculationEndpoints,
  ...searchEndpoints,
  ...customerEndpoints,
  ...documentEndpoints,
  ...requestEndpoints,
  ...offerLinkEndpoints,
  ...backofficeEndpoints,
  ...providerDataEndpoints,
  ...signingEndpoints,
  ...contractEndpoints,
  ...userEndpoints,
} satisfies Record<EndpointName, Binding>;

type BindingOf<N extends EndpointName> = (typeof CONTRACT)[N];

/** The answer the PWA receives (JSON, as the schema encodes it). */
export type AnswerOf<N extends EndpointName> = N extends EndpointName
  ? BindingOf<N> extends { answer: infer A extends z.ZodType }
    ? z.output<A>
    : void
  : never;
/** The body a caller sends. */
export type BodyOf<N extends EndpointName> = N extends EndpointName
  ? BindingOf<N> extends { body: infer B extends z.ZodType }
    ? z.input<B>
    : undefined
  : never;
/** The path parameters and the query a caller fills. */
export type ParamsOf<N extends EndpointName> = PathParams<N> &
  (BindingOf<N> extends { query: infer Q extends z.ZodType } ? z.input<Q> : unknown);
