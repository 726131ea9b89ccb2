/**
 * From the last signature to 'applicationReceived' in the partner's open app (target p95 ≤ 5 s):
 * approved calculations go to e-signature through the built-in simulator; each signee signs on
 * the simulator's page; the time runs from the delivery confirmation's signature to the event
 * on an open GET /api/events stream. PostgreSQL through the real server.
 */
import { demoApplicant, demoSupplier } from '../src/server/demo/applicants';
import { percentiles, startBenchServer } from './server';

const RUNS = 20;

export async function benchSigning() {
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
        body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const stateOf = async (href: string) =>
      (await call<{ properties: { state: string } }>('GET', href)).properties.state;
    const until = async (href: string, state: string) => {
      for (let k = 0; k < 200 && (await stateOf(href)) !== state; k++)
        await new Promise((r) => setTimeout(r, 50));
    };
    const link = async (email: string) => {
      const [mail] = await server.db.query<{ html: string }>(
        `select body_html as html from mails where recipient = $1 and subject like 'Please sign:%' order by created_at desc limit 1`,
        [email],
      );
      return /href="[^"]*(\/esign-sim\/signing\/[^"]+)"/.exec(mail!.html)![1]!;
    };
    const sign = (path: string, accessCode = '') =>
      fetch(`${server.origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action: 'sign', accessCode }).toString(),
      }).then((r) => r.text());

    const seen = new Map<string, (at: number) => void>();
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
          const event = JSON.parse(data.slice(6)) as { calculationVariantId: string; state: string };
          if (event.state === 'applicationReceived')
            seen.get(event.calculationVariantId)?.(performance.now());
        }
      }
    })();

    const times: number[] = [];
    for (let k = 0; k < RUNS; k++) {
      const created = await call<{ properties: { calculationSetId: string; calculationVariantId: string } }>(
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
          applicant: demoApplicant('Bänksignatur AB', 'SE'),
          supplier: demoSupplier('SE'),
        },
      );
      const { calculationSetId: s, calculationVariantId: v } = created.properties;
      const href = `/api/calculationSets/${s}/calculationVariant/${v}`;
      await call('PUT', `${href}/toGrenke`, { sendRequest: true });
      await until(href, 'readyToSign');
      const customer = `kund${k}.${Date.now()}@bench.example`;
      const partner = `partner${k}.${Date.now()}@bench.example`;
      await call('PUT', `${href}/Esignature`, {
        customerContractSignees: [
          { firstName: 'Kund', lastName: 'Test', email: customer, mobileNumber: '+46701234567' },
        ],
        partnerContractSignees: [
          { firstName: 'Erik', lastName: 'Berg', email: partner, mobileNumber: '+46709876543' },
        ],
        useDeliveryConfirmation: true,
      });
      await until(href, 'awaitingCustomerSignature');
      const codes = (
        await call<{ signees: { role: string; accessCode: string }[] }>(
          'GET',
          `/api/digitalsignature/econtract/otp?calculationSetId=${s}&calculationVariantId=${v}`,
        )
      ).signees;
      await sign(await link(customer), codes.find((c) => c.role === 'customer')!.accessCode);
      await until(href, 'awaitingPartnerSignature');
      await sign(await link(partner));
      await until(href, 'awaitingDeliveryConfirmation');
      const deliveryLink = await link(customer);
      const received = new Promise<number>((resolve) => seen.set(v, resolve));
      const started = performance.now();
      await sign(deliveryLink, codes.find((c) => c.role === 'delivery')!.accessCode);
      times.push((await received) - started);
    }
    await reader.cancel();
    return { database: server.database, runs: RUNS, lastSignatureToApplicationReceived: percentiles(times) };
  } finally {
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchSigning());
