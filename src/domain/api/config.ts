import { z } from 'zod';

/** What the PWA needs before sign-in (public): where the identity provider is. */
export const ClientConfigSchema = z.object({
  oidc: z.object({
    authority: z.string(),
    clientId: z.string(),
    audience: z.string(),
    scope: z.string(),
  }),
});
export const HealthSchema = z.object({ status: z.literal('ok') });
/** Readiness: the database answered within its deadline (`ready`), or not (503). */
export const ReadySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['ok', 'unreachable', 'slow']),
});

export type ClientConfig = z.infer<typeof ClientConfigSchema>;
export type OidcSettings = ClientConfig['oidc'];
