import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSignature } from '../../integrations/esignature/port';
import { approvedCalculation, stateUntil } from '../../test/fixtures';
import { DB_KINDS, DEMO, startTestApp, type TestApp } from '../../test/harness';

describe.each(DB_KINDS)('e-signature through the simulator (%s)', (kind) => {
  let t: TestApp;
  let erik: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    erik = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: erik, payload });
  const stateOf = async (href: string) => (await call('GET', href)).json().properties.state as string;
  const until = (href: string, state: string) => stateUntil(t, erik, href, state);
  const signee = (firstName: string, email: string, mobileNumber: string, signingOrder = 1) => ({
    firstName,
    lastName: 'Test',
    email,
    mobileNumber,
    signingOrder,
  });

  const approved = (name: string, nav?: number) => approvedCalculation(t, erik, name, nav);

  /** The newest signing link mailed to an address. */
  async function signingLink(email: string) {
    const [mail] = await t.db.query<{ html: string }>(
      `select body_html as html from mails where recipient = $1 and subject like 'Please sign:%' order by created_at desc limit 1`,
      [email],
    );
    return /href="[^"]*(\/esign-sim\/signing\/[^"]+)"/.exec(mail?.html ?? '')?.[1];
  }
  const sign = (link: string, accessCode = '') =>
    t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ action: 'sign', accessCode }).toString(),
    });

  it('two customer signees, then the partner, then the delivery confirmation: applicationReceived', async () => {
    const { href, setId, variantId } = await approved(`Esignbolaget ${kind} AB`, 40_000);
    const a = `anna.${kind}@kund.example`;
    const b = `bo.${kind}@kund.example`;
    const p = `erik.${kind}@partner.example`;
    const discontinued = await call('PUT', `${href}/Esignature`, {
      eSignatureType: 'signingApp',
      customerContractSignees: [signee('Anna', a, '+46701234567')],
    });
    expect(discontinued.json().errorKeys).toEqual(['signingAppDiscontinued']);
    const refused = await call('PUT', `${href}/Esignature`, {
      customerContractSignees: [signee('Anna', a, '+46701234567')],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()['invalid-params']).toEqual([
      { name: 'partnerContractSignees', reason: 'partnerSigneeRequired' },
    ]);

    // An instant decision allows one customer signee only.
    const instant = await approved(`Direktbolaget ${kind} AB`);
    const tooMany = await call('PUT', `${instant.href}/Esignature`, {
      customerContractSignees: [signee('Anna', a, '+46701234567'), signee('Bo', b, '+46701234568')],
      partnerContractSignees: [signee('Erik', p, '+46709876543')],
    });
    expect(tooMany.json()['invalid-params']).toEqual([
      { name: 'customerContractSignees', reason: 'tooManySignees' },
    ]);

    const gap = await call('PUT', `${href}/Esignature`, {
      customerContractSignees: [signee('Anna', a, '+46701234567', 1), signee('Bo', b, '+46701234568', 3)],
      partnerContractSignees: [signee('Erik', p, '+46709876543')],
    });
    expect(gap.json()['invalid-params']).toEqual([
      { name: 'customerContractSignees', reason: 'illegalSigningOrder' },
    ]);

    const started = await call('PUT', `${href}/Esignature`, {
      customerContractSignees: [
        { ...signee('Anna', a, '+46701234567'), title: 'Dr.' },
        signee('Bo', b, '+46701234568'),
      ],
      partnerContractSignees: [signee('Erik', p, '+46709876543')],
      useDeliveryConfirmation: true,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(await until(href, 'awaitingCustomerSignature')).toBe('awaitingCustomerSignature');

    const codes = (
      await call(
        'GET',
        `/api/digitalsignature/econtract/otp?calculationSetId=${setId}&calculationVariantId=${variantId}`,
      )
    ).json().signees as { name: string; role: string; accessCode: string }[];
    const code = (name: string, role = 'customer') =>
      codes.find((c) => c.name.includes(name) && c.role === role)!.accessCode;
    // A signee's title is part of the name the envelope addresses.
    expect(codes.map((c) => c.name)).toContain('Dr. Anna Test');

    // The partner's turn has not come: no link yet.
    expect(await signingLink(p)).toBeUndefined();
    const annaLink = (await signingLink(a))!;
    expect((await t.app.inject({ url: annaLink })).body).toContain('Access code');
    expect((await sign(annaLink, '000000')).statusCode).toBe(400);
    expect((await sign(annaLink, code('Anna'))).statusCode).toBe(200);
    expect(await stateOf(href)).toBe('awaitingCustomerSignature');
    await sign((await signingLink(b))!, code('Bo'));
    expect(await until(href, 'awaitingPartnerSignature')).toBe('awaitingPartnerSignature');

    await sign((await signingLink(p))!);
    expect(await until(href, 'awaitingDeliveryConfirmation')).toBe('awaitingDeliveryConfirmation');
    const deliveryLink = (await signingLink(a))!;
    expect(deliveryLink).not.toBe(annaLink);
    await sign(deliveryLink, code('Anna', 'delivery'));
    expect(await until(href, 'applicationReceived')).toBe('applicationReceived');
    for (let k = 0; k < 30; k++) {
      const docs = (await call('GET', `/api/calculationSets/${setId}/documents`)).json();
      const generated = docs.entities.find((g: { rel: string[] }) =>
        g.rel.includes('generatedDocuments'),
      ).entities;
      if (
        generated.some(
          (d: { properties: { category: string } }) => d.properties.category === 'signedContract',
        )
      )
        return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the signed contract was not kept');
  });

  it('a Connect message with a wrong signature is refused; a declined envelope returns to ready to sign', async () => {
    const body = JSON.stringify({ event: 'envelope-voided', data: { envelopeId: 'x', accountId: 'y' } });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/esignature/connect',
      headers: {
        'content-type': 'application/json',
        'x-docusign-signature-1': connectSignature(body, 'not the key'),
      },
      payload: body,
    });
    expect(wrong.statusCode).toBe(401);

    const { href } = await approved('Avböjbolaget AB');
    const c = `cecilia.${kind}@kund.example`;
    await call('PUT', `${href}/Esignature`, {
      customerContractSignees: [signee('Cecilia', c, '+46701111111')],
      partnerContractSignees: [signee('Erik', `erik2.${kind}@partner.example`, '+46702222222')],
    });
    expect(await until(href, 'awaitingCustomerSignature')).toBe('awaitingCustomerSignature');
    await t.app.inject({
      method: 'POST',
      url: (await signingLink(c))!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=decline',
    });
    expect(await until(href, 'readyToSign')).toBe('readyToSign');
  });

  it("the partner's own delivery note replaces the customer's confirmation: the contract start ends the envelope", async () => {
    const { href, setId, variantId } = await approved('Leveransbolaget AB');
    const c = `cilla.${kind}@kund.example`;
    const p = `erik4.${kind}@partner.example`;
    await call('PUT', `${href}/Esignature`, {
      customerContractSignees: [signee('Cilla', c, '+46705555555')],
      partnerContractSignees: [signee('Erik', p, '+46706666666')],
      useDeliveryConfirmation: true,
    });
    expect(await until(href, 'awaitingCustomerSignature')).toBe('awaitingCustomerSignature');
    const otp = `/api/digitalsignature/econtract/otp?calculationSetId=${setId}&calculationVariantId=${variantId}`;
    const codes = (await call('GET', otp)).json().signees as { role: string; accessCode: string }[];
    await sign((await signingLink(c))!, codes.find((x) => x.role === 'customer')!.accessCode);
    expect(await until(href, 'awaitingPartnerSignature')).toBe('awaitingPartnerSignature');
    await sign((await signingLink(p))!);
    expect(await until(href, 'awaitingDeliveryConfirmation')).toBe('awaitingDeliveryConfirmation');

    const start = () => call('POST', `${href}/contract-start`);
    const early = await start();
    expect(early.statusCode).toBe(400);
    expect(early.json().errorKeys).toEqual(['deliveryMissing']);
    const note = await call('POST', `/api/calculationSets/${setId}/documents/base64?documentType=delivery`, {
      fileName: 'delivery-note.pdf',
      fileContent: Buffer.from(
        '%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
      ).toString('base64'),
    });
    expect(note.statusCode, note.body).toBe(201);
    const started = await start();
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().properties.state).toBe('applicationReceived');
    const [application] = await t.db.query<{ method: string }>(
      `select signing_method as method from applications where calculation_variant_id = $1 and status = 'open'`,
      [variantId],
    );
    expect(application?.method).toBe('docusign');

    // The customer's confirmation is no longer asked for.
    const link = (await signingLink(c))!;
    for (let k = 0; k < 40 && !(await t.app.inject({ url: link })).body.includes('No longer available'); k++)
      await new Promise((r) => setTimeout(r, 100));
    expect((await t.app.inject({ url: link })).body).toContain('No longer available');
    expect(await stateOf(href)).toBe('applicationReceived');
  });

  it('joint signature in turn: the second customer signee is asked once the first has signed', async () => {
    const { href, setId, variantId } = await approved('Turordningen AB', 40_000);
    const g = `gustav.${kind}@kund.example`;
    const h = `hanna.${kind}@kund.example`;
    const started = await call('PUT', `${href}/Esignature`, {
      customerContractSignees: [
        signee('Gustav', g, '+46707777777', 1),
        signee('Hanna', h, '+46708888888', 2),
      ],
      partnerContractSignees: [signee('Erik', `erik5.${kind}@partner.example`, '+46709999999')],
      useDeliveryConfirmation: false,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(await until(href, 'awaitingCustomerSignature')).toBe('awaitingCustomerSignature');
    const otp = `/api/digitalsignature/econtract/otp?calculationSetId=${setId}&calculationVariantId=${variantId}`;
    const codes = (await call('GET', otp)).json().signees as { name: string; accessCode: string }[];
    const code = (name: string) => codes.find((c) => c.name.startsWith(name))!.accessCode;
    expect(await signingLink(h)).toBeUndefined();
    await sign((await signingLink(g))!, code('Gustav'));
    for (let k = 0; k < 40 && !(await signingLink(h)); k++) await new Promise((r) => setTimeout(r, 100));
    await sign((await signingLink(h))!, code('Hanna'));
    expect(await until(href, 'awaitingPartnerSignature')).toBe('awaitingPartnerSignature');
  });

  it('a change of the calculation during signing cancels it, and the envelope is voided', async () => {
    const { href } = await approved('Ändringsbolaget AB');
    const d = `david.${kind}@kund.example`;
    await call('PUT', `${href}/Esignature`, {
      customerContractSignees: [signee('David', d, '+46703333333')],
      partnerContractSignees: [signee('Erik', `erik3.${kind}@partner.example`, '+46704444444')],
    });
    expect(await until(href, 'awaitingCustomerSignature')).toBe('awaitingCustomerSignature');
    const current = (await call('GET', href)).json().properties;
    const changed = await call('PUT', `${href}?forceUpdate=true`, {
      calculationVariant: { ...current.calculationVariant, name: 'Changed while signing' },
      applicant: current.applicant,
      supplier: current.supplier,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().properties.state).toBe('readyToSign');
    const link = (await signingLink(d))!;
    for (let k = 0; k < 40 && !(await t.app.inject({ url: link })).body.includes('No longer available'); k++)
      await new Promise((r) => setTimeout(r, 100));
    expect((await t.app.inject({ url: link })).body).toContain('No longer available');
  });

  it('a new NAV during signing ends the signing and needs a new decision, which the back office sees as a new request', async () => {
    const customer = `Nyttvärde ${kind} AB`;
    const { href } = await approved(customer, 40_000);
    const e = `eva.${kind}@kund.example`;
    await call('PUT', `${href}/Esignature`, {
      customerContractSignees: [signee('Eva', e, '+46705555555')],
      partnerContractSignees: [signee('Erik', `erik5.${kind}@partner.example`, '+46706666666')],
    });
    expect(await until(href, 'awaitingCustomerSignature')).toBe('awaitingCustomerSignature');
    const current = (await call('GET', href)).json().properties;
    const changed = await call('PUT', `${href}?forceUpdate=true`, {
      calculationVariant: { ...current.calculationVariant, inputValue: 42_000 },
      applicant: current.applicant,
      supplier: current.supplier,
    });
    expect(changed.json().properties.state).toBe('changedAfterStatement');
    expect(
      (
        await call('PUT', `${href}/Esignature`, {
          customerContractSignees: [signee('Eva', e, '+46705555555')],
        })
      ).statusCode,
    ).toBe(409);

    expect((await call('PUT', `${href}/toGrenke`, { sendRequest: true })).json().properties.state).toBe(
      'requestToGrenke',
    );
    const ulla = { authorization: `Bearer ${await t.token('ulla.berger@provider.example')}` };
    const queue = (await t.app.inject({ url: '/api/backoffice/requests', headers: ulla })).json<{
      entities: { properties: { customerName: string; nav: number } }[];
    }>();
    const waiting = queue.entities.filter((q) => q.properties.customerName === customer);
    expect(waiting.map((q) => q.properties.nav)).toEqual([42_000]);
  });

  it('each refusal of the start has its own key: not allowed, changed meanwhile, address, already running', async () => {
    const { href, setId } = await approved(`Vägrarbolaget ${kind} AB`);
    const body = {
      customerContractSignees: [signee('Vera', `vera.${kind}@kund.example`, '+46705550001')],
      partnerContractSignees: [signee('Erik', `erik5.${kind}@partner.example`, '+46705550002')],
    };
    const start = (headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'PUT',
        url: `${href}/Esignature`,
        headers: { ...erik, ...headers },
        payload: body,
      });

    await t.db.query(
      `update partners set enabled_features = array_append(enabled_features, 'ESignatureDisabled') where id = '752-10001'`,
    );
    try {
      const off = await start();
      expect(off.statusCode).toBe(400);
      expect(off.json().errorKeys).toEqual(['eSignatureNotAllowed']);
    } finally {
      await t.db.query(
        `update partners set enabled_features = array_remove(enabled_features, 'ESignatureDisabled') where id = '752-10001'`,
      );
    }

    // The form was filled in for an older version of the calculation.
    const stale = await start({ 'if-match': '"stale.1"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().etag).toBe((await call('GET', href)).json().properties.etag);

    const [row] = await t.db.query<{ applicant: { addresses: { street: string }[] } }>(
      'select applicant from calculation_sets where id = $1',
      [setId],
    );
    const applicant = row!.applicant;
    const broken = { ...applicant, addresses: applicant.addresses.map((a) => ({ ...a, street: ' ' })) };
    await t.db.query('update calculation_sets set applicant = $2::jsonb where id = $1', [
      setId,
      JSON.stringify(broken),
    ]);
    const address = await start();
    expect(address.statusCode).toBe(400);
    expect(address.json().errorKeys).toEqual(['illegalAddress']);
    await t.db.query('update calculation_sets set applicant = $2::jsonb where id = $1', [
      setId,
      JSON.stringify(applicant),
    ]);

    const etag = (await call('GET', href)).json().properties.etag as string;
    expect((await start({ 'if-match': etag })).statusCode).toBe(200);
    const again = await start();
    expect(again.statusCode).toBe(400);
    expect(again.json().errorKeys).toEqual(['alreadyInProcess']);
  });

  it('the simulator answers only the portal: strangers can neither send, read nor void envelopes', async () => {
    const api = '/esign-sim/restapi/v2.1/accounts/portal-demo/envelopes';
    const mails = async () => (await t.db.query('select id from mails')).length;
    const before = await mails();
    const [envelope] = await t.db.query<{ id: string }>('select id from esign_sim_envelopes limit 1');
    const attempts = [
      await t.app.inject({
        method: 'POST',
        url: api,
        headers: { authorization: 'Bearer simulator' },
        payload: { emailSubject: 'Please sign', status: 'sent', recipients: { signers: [] } },
      }),
      await t.app.inject({ url: `${api}/${envelope!.id}` }),
      await t.app.inject({ method: 'PUT', url: `${api}/${envelope!.id}`, payload: { status: 'voided' } }),
    ];
    expect(attempts.map((r) => r.statusCode)).toEqual([401, 401, 401]);
    expect(await mails()).toBe(before);
  });
});

describe('e-signature while the service is unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', {
      eSignature: {
        mode: 'docusign',
        baseUrl: 'http://127.0.0.1:9/restapi',
        accountId: 'portal-test',
        integrationKey: randomUUID(),
        userId: randomUUID(),
        privateKey: generateKeyPairSync('rsa', {
          modulusLength: 2048,
          privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
          publicKeyEncoding: { type: 'spki', format: 'pem' },
        }).privateKey,
        // Nobody answers there: the access token is not to be had.
        authUrl: 'http://127.0.0.1:9',
        hmacSecret: 'a-secret-of-sixteen-or-more',
      },
    });
  });
  afterAll(() => t.close());

  it('answers 503 eSignatureServiceUnavailable, and the calculation stays ready to sign', async () => {
    const erik = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
    const { href } = await approvedCalculation(t, erik, 'Otillgängligbolaget AB');
    const res = await t.app.inject({
      method: 'PUT',
      url: `${href}/Esignature`,
      headers: erik,
      payload: {
        customerContractSignees: [
          {
            firstName: 'Ulf',
            lastName: 'Test',
            email: 'ulf@kund.example',
            mobileNumber: '+46705550003',
            signingOrder: 1,
          },
        ],
        partnerContractSignees: [
          {
            firstName: 'Erik',
            lastName: 'Test',
            email: 'erik@partner.example',
            mobileNumber: '+46705550004',
            signingOrder: 1,
          },
        ],
      },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().errorKeys).toEqual(['eSignatureServiceUnavailable']);
    expect((await t.app.inject({ url: href, headers: erik })).json().properties.state).toBe('readyToSign');
  });
});
