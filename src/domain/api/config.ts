import { z } from 'zod';
import { isCorrelationId } from '../http';
import type { Binding } from './binding';

/** What the PWA needs before sign-in (public): where the identity provider is, how long a call may take. */
export const ClientConfigSchema = z.object({
  oidc: z.object({
    authority: z.string(),
    clientId: z.string(),
    audience: z.string(),
    scope: z.string(),
  }),
  /** After this long without an answer a call counts as a network failure (status 0). */
  requestTimeoutMs: z.number().int().positive(),
});
export const HealthSchema = z.object({ status: z.literal('ok') });
/** Readiness: the database answered within its deadline (`ready`), or not (503). */
export const ReadySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['ok', 'unreachable', 'slow']),
});

export type ClientConfig = z.infer<typeof ClientConfigSchema>;
export type OidcSettings = ClientConfig['oidc'];

/** The schemas of the configuration, the health checks, the live events and the PWA's error reports (contract.ts). */
export const configEndpoints = {
  config: { answer: ClientConfigSchema },
  health: { answer: HealthSchema },
  /** 503 with the same shape when the database does not answer (src/server/modules/config/routes.ts). */
  ready: { answer: ReadySchema },
  /** A text/event-stream, not JSON (docs/api.md). */
  events: {},
  reportUiError: {
    query: z.object({ correlationId: z.string().refine(isCorrelationId, 'invalidCorrelationId') }),
    body: z
      .string()
      .trim()
      .min(1, 'required')
      .max(16 * 1024, 'tooLong'),
    status: 204,
  },
} satisfies Record<string, Binding>;
