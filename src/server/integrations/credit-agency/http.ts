import { z } from 'zod';
import {
  AGENCY_SEARCH_LIMIT,
  type AgencyCompany,
  type AgencySearch,
  type AgencySearchResult,
  type AgencySelectKey,
  type CreditAgency,
} from './port';

/**
 * A credit agency behind its HTTP interface (docs/credit-agency.md): the agency's gateway answers
 * a company search and one company by its key, in JSON, with a bearer key. Every answer is checked
 * against the schema below before anything of it is used. Calls are GETs and safe to repeat: a
 * timeout, a dropped connection, a 429 or a 5xx is tried again (with a growing wait, within the
 * call's deadline); what still fails throws CreditAgencyUnavailable, which the API answers 503.
 */
export interface HttpAgencyOptions {
  baseUrl: string;
  apiKey: string;
  /** The agency's name as recorded with every report. */
  name: string;
  /** One attempt's limit. */
  timeoutMs: number;
  /** Attempts after the first. */
  retries: number;
  /** The wait before the first retry; it doubles. */
  backoffMs?: number;
  fetch?: typeof fetch;
}

export class CreditAgencyUnavailable extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

const Address = z.object({
  street: z.string(),
  zip: z.string(),
  town: z.string(),
  region: z.string().default(''),
  countryIso: z.string().regex(/^[A-Z]{2}$/),
});

/** A company as the agency answers it: the port's AgencyCompany (port.ts). */
export const AgencyCompanySchema = z.object({
  agencyId: z.string().min(1),
  agencyCustomerId: z.string().default(''),
  countryIso: z.string().regex(/^[A-Z]{2}$/),
  name: z.string().min(1),
  legalForm: z.string(),
  registrationNumber: z.string().optional(),
  vatId: z.string().optional(),
  taxId: z.string().optional(),
  tradeRegisterId: z.string().optional(),
  dateOfEstablishment: z.iso.date().optional(),
  scoreClass: z.literal([1, 2, 3, 4, 5, 6]),
  website: z.string().optional(),
  email: z.string().optional(),
  codiceUnivoco: z.string().optional(),
  pec: z.string().optional(),
  phone: z.string().optional(),
  mainAddress: Address,
  persons: z
    .array(
      z.object({
        title: z.string().optional(),
        firstName: z.string(),
        lastName: z.string(),
        dateOfBirth: z.iso.date().optional(),
        role: z.enum(['director', 'contact']),
        privateAddress: Address.optional(),
        mobile: z.string().optional(),
      }),
    )
    .default([]),
  bankAccount: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('iban'), iban: z.string(), bankName: z.string(), holder: z.string() }),
      z.object({
        kind: z.literal('bankgiro'),
        bankgiroNumber: z.string(),
        bankName: z.string(),
        holder: z.string(),
      }),
    ])
    .optional(),
});

export const SearchAnswer = z.object({
  total: z.number().int().min(0),
  companies: z.array(AgencyCompanySchema),
});

export function createHttpCreditAgency(o: HttpAgencyOptions): CreditAgency {
  const doFetch = o.fetch ?? fetch;
  const base = o.baseUrl.replace(/\/+$/, '');
  const backoff = o.backoffMs ?? 250;

  /** One GET, tried again on what a later try may cure; 404 answers undefined. */
  async function get<T>(path: string, shape: z.ZodType<T>): Promise<T | undefined> {
    let failure = '';
    let status: number | undefined;
    for (let attempt = 0; attempt <= o.retries; attempt++) {
      if (attempt > 0) await sleep(backoff * 2 ** (attempt - 1));
      let res: Response;
      try {
        res = await doFetch(`${base}${path}`, {
          headers: { accept: 'application/json', authorization: `Bearer ${o.apiKey}` },
          signal: AbortSignal.timeout(o.timeoutMs),
        });
      } catch (e) {
        failure =
          e instanceof Error && e.name === 'TimeoutError' ? `no answer within ${o.timeoutMs} ms` : String(e);
        status = undefined;
        continue;
      }
      status = res.status;
      if (res.status === 404) return undefined;
      if (res.status === 429 || res.status >= 500) {
        failure = `HTTP ${res.status}`;
        await res.body?.cancel();
        continue;
      }
      const text = await res.text();
      // Any other refusal (a wrong key, a request the agency does not understand) will not pass on a retry.
      if (!res.ok)
        throw new CreditAgencyUnavailable(`${o.name} refused ${path}: HTTP ${res.status}`, res.status);
      const parsed = shape.safeParse(safeJson(text));
      if (!parsed.success)
        throw new CreditAgencyUnavailable(
          `${o.name} answered ${path} in an unknown shape: ${parsed.error.message}`,
        );
      return parsed.data;
    }
    throw new CreditAgencyUnavailable(
      `${o.name} did not answer ${path} after ${o.retries + 1} tries: ${failure}`,
      status,
    );
  }

  const query = (params: Record<string, string | number | undefined>) =>
    new URLSearchParams(
      Object.entries(params).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]])),
    ).toString();

  return {
    name: o.name,
    async search(s: AgencySearch): Promise<AgencySearchResult> {
      const answer = (await get(
        `/v1/companies?${query({
          countryIso: s.countryIso,
          name: s.name,
          searchId: s.searchId,
          town: s.town,
          postalCode: s.postalCode,
          region: s.region,
          limit: AGENCY_SEARCH_LIMIT,
        })}`,
        SearchAnswer,
      )) ?? { total: 0, companies: [] };
      const entities = answer.companies.slice(0, AGENCY_SEARCH_LIMIT) as AgencyCompany[];
      return { entities, count: answer.total, limitExceeded: answer.total > AGENCY_SEARCH_LIMIT };
    },
    async select(key: AgencySelectKey): Promise<AgencyCompany | undefined> {
      if (key.agencyId) {
        const country = key.countryIso ?? '';
        return get(
          `/v1/companies/${encodeURIComponent(key.agencyId)}?${query({ countryIso: country })}`,
          AgencyCompanySchema,
        );
      }
      // Without the agency's key: the one company its other ids (and town, postcode) name.
      const searchId = key.agencyCustomerId ?? key.vatId ?? key.taxId ?? key.tradeRegisterId;
      if (!searchId) return undefined;
      const found = await get(
        `/v1/companies?${query({ countryIso: key.countryIso, searchId, town: key.town, postalCode: key.postalCode, limit: 2 })}`,
        SearchAnswer,
      );
      return found?.total === 1 ? found.companies[0] : undefined;
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
