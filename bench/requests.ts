/**
 * The targets of the offers-and-requests issue, on PostgreSQL through the real server:
 * - a request's instant decision reaching the partner's open app: the time from the request
 *   to the decision event on a live events stream (GET /api/events) — target p95 ≤ 5 s;
 * - the offer PDF: PUT offer (generate, store, answer) — target p95 ≤ 300 ms.
 */
import { demoApplicant, demoSupplier } from '../src/server/demo/applicants';
import { percentiles, startBenchServer } from './server';

const DECISIONS = 30;
const OFFERS = 60;

export async function benchRequests() {
  const server = await startBenchServer();
  try {
    const erik = {
      ...(await server.auth('erik.berg@nordic-office.example')),
      'content-type': 'application/json',
    };
    const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${server.origin}${path}`, {
        method,
        headers: erik,
        body: JSON.stringify(body ?? {}),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const create = () =>
      call<{ properties: { calculationSetId: string; calculationVariantId: string } }>(
        'POST',
        '/api/calculationSets',
        {
          calculationVariant: {
            conditionListId: 'SE-NOS-VA-C3',
            productId: 'SE-NOS-VA',
            navBasedCalculation: true,
            inputValue: 9000,
            periodInMonths: 36,
            generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
          },
          applicant: demoApplicant('Bänkbolaget AB', 'SE'),
          supplier: demoSupplier('SE'),
        },
      );

    // The open app's stream: every decision event is timed against its request.
    const waiting = new Map<string, { sentAt: number; resolve: (ms: number) => void }>();
    const stream = await fetch(`${server.origin}/api/events`, { headers: erik });
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        const parts = buffer.split('\n\n');
        buffer = parts.pop() ?? '';
        for (const part of parts) {
          const data = part.split('\n').find((l) => l.startsWith('data: '));
          if (!data) continue;
          const event = JSON.parse(data.slice(6)) as { calculationVariantId: string; decision?: string };
          const w = waiting.get(event.calculationVariantId);
          if (w && event.decision) w.resolve(performance.now() - w.sentAt);
        }
      }
    })();

    const decisionMs: number[] = [];
    for (let k = 0; k < DECISIONS; k++) {
      const { calculationSetId: s, calculationVariantId: v } = (await create()).properties;
      const seen = new Promise<number>((resolve) => waiting.set(v, { sentAt: performance.now(), resolve }));
      waiting.get(v)!.sentAt = performance.now();
      await call('PUT', `/api/calculationSets/${s}/calculationVariant/${v}/toGrenke`, { sendRequest: true });
      decisionMs.push(await seen);
    }
    await reader.cancel();

    const offerMs: number[] = [];
    const { calculationSetId: s, calculationVariantId: v } = (await create()).properties;
    for (let k = 0; k < OFFERS; k++) {
      const started = performance.now();
      await call(
        'PUT',
        `/api/calculationSets/${s}/offer?calculationVariantId=${v}&periods=24&periods=36&periods=48`,
        {
          nonBindingQuoteNote: 'Valid for 30 days. Delivery within two weeks of the order.',
        },
      );
      if (k >= 5) offerMs.push(performance.now() - started); // the first ones warm up
    }
    return { database: server.database, decision: percentiles(decisionMs), offer: percentiles(offerMs) };
  } finally {
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchRequests());
