import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoApplicant } from '../../demo/applicants';
import { DB_KINDS, DEMO, profileIdOf, startTestApp, type TestApp } from '../../test/harness';
import { CALCULATION_STATES, type CalculationState } from '../../../domain/calculation/states';

describe.each(DB_KINDS)('calculation sets and variants (%s)', (kind) => {
  let t: TestApp;
  let erik: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    erik = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
  });
  afterAll(() => t.close());

  const as = async (email: string, brandId?: string) => ({
    authorization: `Bearer ${await t.token(email)}`,
    ...(brandId ? { 'x-user-profile-id': await profileIdOf(t.db, email, brandId) } : {}),
  });

  /** A partial payout variant of 12,000 in two copiers, 48 months. */
  const variant = (over: Record<string, unknown> = {}) => ({
    name: 'Main offer',
    conditionListId: 'SE-NOS-TA-R10-C0',
    productId: 'SE-NOS-TA',
    navBasedCalculation: true,
    inputValue: 12_000,
    periodInMonths: 48,
    financingObjects: [
      {
        objectId: 'OT-COPIER',
        manufacturerId: 'M-CANON',
        details: 'imageRUNNER',
        netPricePerItemAmount: 6_000,
        quantity: 2,
      },
    ],
    ...over,
  });
  const saveBody = (over: Record<string, unknown> = {}, applicant = 'Testbolaget Väst AB') => ({
    calculationVariant: variant(over),
    applicant: demoApplicant(applicant, 'SE'),
  });

  const post = (payload: unknown, headers = erik) =>
    t.app.inject({ method: 'POST', url: '/api/calculationSets', headers, payload: payload as object });
  const get = (href: string, headers = erik) => t.app.inject({ url: href, headers });
  const put = (href: string, payload: unknown, headers: Record<string, string> = erik) =>
    t.app.inject({ method: 'PUT', url: href, headers, payload: payload as object });

  /** Creates a set and answers its ids, href and ETag. */
  async function create(over: Record<string, unknown> = {}, headers = erik, applicant?: string) {
    const res = await post(saveBody(over, applicant), headers);
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().properties;
    return {
      setId: p.calculationSetId as string,
      variantId: p.calculationVariantId as string,
      href: `/api/calculationSets/${p.calculationSetId}/calculationVariant/${p.calculationVariantId}`,
      etag: res.headers.etag as string,
      entity: res.json(),
    };
  }

  /** Moves a variant (and its set) to a state, as the provider's decision or a signing would. */
  async function setState(setId: string, variantId: string, state: string) {
    await t.db.query('update calculation_variants set state = $2 where id = $1', [variantId, state]);
    await t.db.query('update calculation_sets set state = $2 where id = $1', [setId, state]);
  }

  describe('create', () => {
    it("makes a set in its brand's currency: a Swiss dealer's in francs, also on the start screen", async () => {
      const claire = await as('claire.dubois@leman-bureautique.example');
      const view = (await get('/api/calculationView', claire)).json().properties;
      expect(view.calculationProfile.currencyCode).toBe('CHF');
      expect(view.applicationSettings.currencyCode).toBe('CHF');
      // The dealer as its offers and forms show it, and what Claire may do everywhere.
      expect(view.partnerView).toEqual({
        businessPartnerId: '756-30001',
        businessPartnerName: 'Léman Bureautique SA',
        countryIso: 'CH',
        languages: ['fr-CH', 'de-CH', 'it-CH', 'en-IE'],
        enabledFeatures: ['ShowCompanyLogo'],
      });
      expect(view.globalAndDashboardSettings).toEqual({
        hasGlobalAccess: true,
        isAdmin: false,
        isExcelDownloadPermitted: true,
        offerLinkValidDays: 30,
      });
      const res = await post(
        { calculationVariant: variant({ conditionListId: 'CH-LBT-TA-R10-C0', productId: 'CH-LBT-TA' }) },
        claire,
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().properties.currencyCode).toBe('CHF');
      const start = (await get('/api/dashboard', claire)).json().properties;
      expect(start.currencyCode).toBe('CHF');
      expect(start.volume.at(-1).amount).toBeGreaterThanOrEqual(12_000);
      // A Swedish dealer's is in kronor.
      expect((await create()).entity.properties.currencyCode).toBe('SEK');
    });

    it('answers 201 with Location, ETag and the set in state inWork', async () => {
      const res = await post(saveBody());
      expect(res.statusCode).toBe(201);
      const body = res.json();
      const { calculationSetId, calculationVariantId } = body.properties;
      expect(calculationSetId).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.location).toBe(
        `/api/calculationSets/${calculationSetId}/calculationVariant/${calculationVariantId}`,
      );
      expect(res.headers.etag).toBe(`"${calculationVariantId}.1"`);
      expect(body.properties).toMatchObject({
        state: 'inWork',
        stateColour: 'blue',
        etag: res.headers.etag,
        isReadOnly: false,
        isLocked: false,
        applicant: demoApplicant('Testbolaget Väst AB', 'SE'),
        calculationVariant: { name: 'Main offer', conditionListId: 'SE-NOS-TA-R10-C0', periodInMonths: 48 },
      });
      expect(body.properties.variants).toHaveLength(1);
      expect(body.actions.map((a: { name: string }) => a.name)).toEqual([
        'update-variant',
        'update-applicant',
        'update-object-list',
        'copy-variant',
        'make-offer',
        'request-to-grenke',
        'request-special-case-condition',
        'cancel-process',
        'send-offer-link',
      ]);
    });

    it('stores the results the server calculates, the same as POST /api/calculate', async () => {
      const { entity } = await create();
      const calc = await t.app.inject({
        method: 'POST',
        url: '/api/calculate/SE-NOS-TA-R10-C0',
        headers: erik,
        payload: {
          navBasedCalculation: true,
          netAcquisitionValueAmount: 12_000,
          productId: 'SE-NOS-TA',
          hasSpecificObjects: true,
          selectedPeriod: 48,
          // The default payment method of a variant is invoice: 2.50 a month on the list.
          paymentMethodSurchargeAmount: 2.5,
          financingObjects: [{ objectTypeId: 'OT-COPIER', quantity: 2, price: 6_000 }],
        },
      });
      expect(calc.statusCode).toBe(200);
      const expected = calc.json().properties.results;
      expect(entity.properties.calculationResults).toEqual(expected);
      const selected = entity.properties.calculationResults.find(
        (r: { isSelected: boolean }) => r.isSelected,
      );
      expect(selected).toMatchObject({ periodInMonths: 48, netAcquisitionValueAmount: 12_000 });
      expect(selected.totalInstallmentAmount).toBeGreaterThan(0);
      // And it is what is stored, not only what the create answered.
      const [row] = await t.db.query<{ results: unknown }>(
        'select results from calculation_variants where id = $1',
        [entity.properties.calculationVariantId],
      );
      expect(row!.results).toEqual(expected);
    });

    it("ignores results the client sends and stores the list's default period when none is given", async () => {
      const forged = [{ periodInMonths: 48, totalInstallmentAmount: 1, isSelected: true }];
      const res = await post({
        ...saveBody({ periodInMonths: null, calculationResults: forged }),
        calculationResults: forged,
      });
      expect(res.statusCode).toBe(201);
      const p = res.json().properties;
      expect(p.calculationVariant.periodInMonths).toBe(48);
      expect(p.calculationVariant).not.toHaveProperty('calculationResults');
      expect(p.calculationResults.map((r: { periodInMonths: number }) => r.periodInMonths)).toEqual([
        24, 36, 48, 54, 60,
      ]);
      expect(
        p.calculationResults.every((r: { totalInstallmentAmount: number }) => r.totalInstallmentAmount > 1),
      ).toBe(true);
    });

    it('refuses bodies the engine or the reference data refuse, naming field and reason', async () => {
      const invalid = async (over: Record<string, unknown>) => {
        const res = await post(saveBody(over));
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().type).toBe('/problems/validation');
        return res.json()['invalid-params'];
      };
      const laptops = (price: number, quantity = 1) => [
        { objectId: 'OT-LAPTOP', netPricePerItemAmount: price, quantity },
      ];

      expect(await invalid({ financingObjects: laptops(5_000, 2) })).toEqual([
        { name: 'financingObjects', reason: 'objectSumInvalid' },
      ]);
      expect(await invalid({ inputValue: 300_000, financingObjects: laptops(150_000, 2) })).toEqual([
        { name: 'netAcquisitionValueAmount', reason: 'navExceedsUpperLimit' },
      ]);
      expect(
        await invalid({
          financingObjects: [{ objectId: 'OT-NOSUCHTHING', netPricePerItemAmount: 12_000, quantity: 1 }],
        }),
      ).toEqual([{ name: 'financingObjects', reason: 'unknownObjectType' }]);
      // A medical device is not an object type of the office brand.
      expect(
        await invalid({
          financingObjects: [{ objectId: 'OT-DENTAL', netPricePerItemAmount: 12_000, quantity: 1 }],
        }),
      ).toEqual([{ name: 'financingObjects', reason: 'unknownObjectType' }]);
      expect(
        await invalid({
          conditionListId: 'SE-NOS-MK-C0',
          productId: 'SE-NOS-MK',
          periodInMonths: 24,
          handlingFeeAmount: 95,
          financingObjects: laptops(6_000, 2),
        }),
      ).toEqual([{ name: 'handlingFeeAmount', reason: 'handlingFeeNotAllowed' }]);
      expect(await invalid({ conditionListId: 'DE-RBT-TA-R10-C0', productId: 'DE-RBT-TA' })).toEqual([
        { name: 'productId', reason: 'noConditionListForProduct' },
      ]);
      // A list of the brand, but of another product.
      expect(await invalid({ conditionListId: 'SE-NOS-VA-C0' })).toEqual([
        { name: 'productId', reason: 'noConditionListForProduct' },
      ]);
      expect(await invalid({ periodInMonths: 72 })).toEqual([
        { name: 'periodInMonths', reason: 'periodNotOffered' },
      ]);
      // 100 items in two lines pass the schema; the engine counts them.
      expect(await invalid({ financingObjects: [...laptops(120, 50), ...laptops(120, 50)] })).toEqual([
        { name: 'financingObjects', reason: 'tooManyObjects' },
      ]);
    });

    it('refuses more than 99 object lines and malformed bodies by the schema', async () => {
      const lines = Array.from({ length: 100 }, () => ({
        objectId: 'OT-LAPTOP',
        netPricePerItemAmount: 120,
        quantity: 1,
      }));
      const tooMany = await post(saveBody({ financingObjects: lines }));
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().type).toBe('/problems/validation');
      expect(tooMany.json()['invalid-params'].map((p: { name: string }) => p.name)).toContain(
        'calculationVariant.financingObjects',
      );
      const noVariant = await post({ applicant: demoApplicant('X AB', 'SE') });
      expect(noVariant.statusCode).toBe(400);
      expect(noVariant.json()['invalid-params'][0].name).toBe('calculationVariant');
      const noName = await post({ ...saveBody(), applicant: demoApplicant('   ', 'SE') });
      expect(noName.statusCode).toBe(400);
      expect(noName.json()['invalid-params'][0].name).toBe('applicant.name');
      const sets = await t.db.query<{ n: number }>(
        "select count(*)::int as n from calculation_sets where applicant_name = 'X AB'",
      );
      expect(sets[0]!.n).toBe(0);
    });
  });

  describe('read', () => {
    it('answers the variant with its ETag, and the calculation view includes it', async () => {
      const { setId, variantId, href, etag } = await create();
      const res = await get(href);
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe(etag);
      expect(res.json().properties).toMatchObject({
        calculationSetId: setId,
        calculationVariantId: variantId,
        state: 'inWork',
        lastSaved: { by: 'Erik Berg' },
      });
      const view = await get(
        `/api/calculationView?calculationSetId=${setId}&calculationVariantId=${variantId}`,
      );
      expect(view.statusCode).toBe(200);
      expect(view.json().properties.variant.properties).toMatchObject({
        calculationSetId: setId,
        calculationVariantId: variantId,
        etag,
      });
      expect(view.json().properties.conditionLists.length).toBeGreaterThan(0);
      expect((await get('/api/calculationView')).json().properties.variant).toBeNull();
    });

    it('answers 404 for unknown sets and variants, and for malformed ids', async () => {
      const { setId } = await create();
      const other = await create();
      expect(
        (await get(`/api/calculationSets/${setId}/calculationVariant/${other.variantId}`)).statusCode,
      ).toBe(404);
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await get(`/api/calculationSets/${unknown}/calculationVariant/${unknown}`)).statusCode).toBe(
        404,
      );
      const bogus = await get('/api/calculationSets/bogus/calculationVariant/bogus');
      expect(bogus.statusCode).toBe(404);
      expect(bogus.json().type).toBe('/problems/not-found');
      const view = await get(
        `/api/calculationView?calculationSetId=${unknown}&calculationVariantId=${unknown}`,
      );
      expect(view.statusCode).toBe(404);
    });
  });

  describe('update', () => {
    it('recalculates, raises the version and answers the new ETag', async () => {
      const { href, etag, variantId, entity } = await create();
      const res = await put(
        href,
        saveBody({
          inputValue: 20_000,
          financingObjects: [{ objectId: 'OT-COPIER', netPricePerItemAmount: 20_000 }],
        }),
        { ...erik, 'if-match': etag },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers.etag).toBe(`"${variantId}.2"`);
      const p = res.json().properties;
      expect(p.etag).toBe(res.headers.etag);
      expect(p.calculationVariant.inputValue).toBe(20_000);
      const selected = p.calculationResults.find((r: { isSelected: boolean }) => r.isSelected);
      const before = entity.properties.calculationResults.find((r: { isSelected: boolean }) => r.isSelected);
      expect(selected.netAcquisitionValueAmount).toBe(20_000);
      expect(selected.totalInstallmentAmount).toBeGreaterThan(before.totalInstallmentAmount);
      expect((await get(href)).headers.etag).toBe(`"${variantId}.2"`);
    });

    it('answers 412 with the current entity and ETag when If-Match names an older version', async () => {
      const { href, etag, variantId } = await create();
      const first = await put(href, saveBody({ name: 'Second' }), { ...erik, 'if-match': etag });
      expect(first.statusCode).toBe(200);
      const stale = await put(href, saveBody({ name: 'Third' }), { ...erik, 'if-match': etag });
      expect(stale.statusCode).toBe(412);
      expect(stale.json()).toMatchObject({
        type: '/problems/version-mismatch',
        etag: `"${variantId}.2"`,
        current: {
          properties: { calculationVariantId: variantId, name: 'Second', etag: `"${variantId}.2"` },
        },
      });
      // Nothing was written.
      expect((await get(href)).json().properties.name).toBe('Second');
      // Without If-Match the last writer wins.
      expect((await put(href, saveBody({ name: 'Third' }))).statusCode).toBe(200);
    });

    it('refuses updates also when the save is invalid, without changing the variant', async () => {
      const { href, etag } = await create();
      const res = await put(href, saveBody({ inputValue: 13_000 }));
      expect(res.statusCode).toBe(400);
      expect(res.json().validationKeys).toEqual(['objectSumInvalid']);
      expect((await get(href)).headers.etag).toBe(etag);
    });

    it.each(['requestToGrenke', 'contractPrinted', 'awaitingCustomerSignature'])(
      'locks a variant in %s: 409 updateBlocked that may be forced',
      async (state) => {
        const { setId, variantId, href } = await create();
        await setState(setId, variantId, state);
        const shown = (await get(href)).json().properties;
        expect(shown).toMatchObject({ state, isLocked: true, isReadOnly: false });
        const res = await put(href, saveBody({ name: 'Changed' }));
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({
          type: '/problems/invalid-state',
          errorKeys: ['updateBlocked'],
          state,
          canForce: true,
        });
        expect((await get(href)).json().properties.name).toBe('Main offer');
        const forced = await put(`${href}?forceUpdate=true`, saveBody({ name: 'Changed' }));
        expect(forced.statusCode, forced.body).toBe(200);
        expect(forced.json().properties.name).toBe('Changed');
        const next =
          { requestToGrenke: 'inWork', contractPrinted: 'contractPrinted' }[state] ?? 'readyToSign';
        expect(forced.json().properties.state).toBe(next);
        const [set] = await t.db.query<{ state: string }>(
          'select state from calculation_sets where id = $1',
          [setId],
        );
        expect(set!.state).toBe(next);
      },
    );

    /** docs/domain.md, "What a contract shows": a forced save of a new NAV and of a new name, per state. */
    const AFTER_FORCED: Record<CalculationState, { nav: string; name: string }> = {
      inWork: { nav: 'inWork', name: 'inWork' },
      offerToCustomer: { nav: 'offerToCustomer', name: 'offerToCustomer' },
      missingQuoteInfo: { nav: 'missingQuoteInfo', name: 'missingQuoteInfo' },
      changedAfterStatement: { nav: 'changedAfterStatement', name: 'changedAfterStatement' },
      interimContract: { nav: 'interimContract', name: 'interimContract' },
      requestToGrenke: { nav: 'inWork', name: 'inWork' },
      readyToSign: { nav: 'changedAfterStatement', name: 'readyToSign' },
      bankGuarantee: { nav: 'changedAfterStatement', name: 'bankGuarantee' },
      contractPrinted: { nav: 'changedAfterStatement', name: 'contractPrinted' },
      startingESignature: { nav: 'changedAfterStatement', name: 'readyToSign' },
      awaitingCustomerSignature: { nav: 'changedAfterStatement', name: 'readyToSign' },
      awaitingPartnerSignature: { nav: 'changedAfterStatement', name: 'readyToSign' },
      awaitingDeliveryConfirmation: { nav: 'changedAfterStatement', name: 'readyToSign' },
      applicationReceived: { nav: 'contractLocked', name: 'applicationReceived' },
      missingApplicationInfo: { nav: 'contractLocked', name: 'missingApplicationInfo' },
      contracted: { nav: 'invalidCurrentState', name: 'invalidCurrentState' },
      declined: { nav: 'invalidCurrentState', name: 'invalidCurrentState' },
      canceled: { nav: 'invalidCurrentState', name: 'invalidCurrentState' },
      awaitingSigningAppSignature: { nav: 'invalidCurrentState', name: 'invalidCurrentState' },
    };

    it.each(CALCULATION_STATES)('a forced save in %s does what the state table says', async (state) => {
      const outcome = async (body: object) => {
        const { setId, variantId, href } = await create();
        await setState(setId, variantId, state);
        const res = await put(`${href}?forceUpdate=true`, body);
        return res.statusCode === 200
          ? (res.json().properties.state as string)
          : (res.json().errorKeys as string[]).join();
      };
      const nav = saveBody({
        inputValue: 20_000,
        financingObjects: [{ objectId: 'OT-COPIER', netPricePerItemAmount: 20_000 }],
      });
      expect({
        nav: await outcome(nav),
        name: await outcome(saveBody({ name: 'Renamed' })),
      }).toEqual(AFTER_FORCED[state]);
    });

    it.each(['declined', 'canceled', 'contracted'])(
      'changes nothing of a variant in %s, even forced',
      async (state) => {
        const { setId, variantId, href } = await create();
        await setState(setId, variantId, state);
        expect((await get(href)).json().properties).toMatchObject({ isReadOnly: true, isLocked: true });
        expect((await get(href)).json().actions.map((a: { name: string }) => a.name)).toEqual([
          'copy-variant',
        ]);
        for (const url of [href, `${href}?forceUpdate=true`]) {
          const res = await put(url, saveBody({ name: 'Changed' }));
          expect(res.statusCode).toBe(409);
          expect(res.json()).toMatchObject({
            type: '/problems/invalid-state',
            errorKeys: ['invalidCurrentState'],
            state,
            canForce: false,
          });
        }
        const objects = await put(`${href}/object-list?forceUpdate=true`, {
          financingObjects: [{ objectId: 'OT-COPIER', netPricePerItemAmount: 12_000 }],
        });
        expect(objects.statusCode).toBe(409);
        expect((await put(`${href}/applicant`, demoApplicant('Changed AB', 'SE'))).statusCode).toBe(409);
        expect((await get(href)).json().properties).toMatchObject({
          name: 'Main offer',
          state,
          applicant: demoApplicant('Testbolaget Väst AB', 'SE'),
        });
      },
    );

    it('makes an approved variant changedAfterStatement when a decided field changes', async () => {
      const { setId, variantId, href } = await create();
      await setState(setId, variantId, 'readyToSign');
      const res = await put(
        href,
        saveBody({
          inputValue: 12_500,
          financingObjects: [{ objectId: 'OT-COPIER', netPricePerItemAmount: 12_500 }],
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().properties.state).toBe('changedAfterStatement');
      const [set] = await t.db.query<{ state: string }>('select state from calculation_sets where id = $1', [
        setId,
      ]);
      expect(set!.state).toBe('changedAfterStatement');
    });

    it('keeps an approved variant readyToSign when only the offer text changes', async () => {
      const { setId, variantId, href } = await create();
      await setState(setId, variantId, 'readyToSign');
      const res = await put(href, saveBody({ additionalOfferInfo: 'Delivery in May', name: 'Renamed' }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().properties).toMatchObject({
        state: 'readyToSign',
        calculationVariant: { additionalOfferInfo: 'Delivery in May' },
      });
      // A second save of the same inputs stays so too.
      const again = await put(href, saveBody({ additionalOfferInfo: 'Delivery in June', name: 'Renamed' }));
      expect(again.json().properties.state).toBe('readyToSign');
      // The same objects again, keys in another order, are no change either; other objects are.
      const same = await put(`${href}/object-list`, {
        financingObjects: [
          {
            quantity: 2,
            netPricePerItemAmount: 6_000,
            details: 'imageRUNNER',
            manufacturerId: 'M-CANON',
            objectId: 'OT-COPIER',
          },
        ],
      });
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json().properties.state).toBe('readyToSign');
      const other = await put(`${href}/object-list`, {
        financingObjects: [
          { objectId: 'OT-COPIER', manufacturerId: 'M-RICOH', netPricePerItemAmount: 12_000 },
        ],
      });
      expect(other.json().properties.state).toBe('changedAfterStatement');
    });
  });

  describe('applicant and object list', () => {
    it('updates the applicant, which the list then shows', async () => {
      const { href, setId, etag } = await create();
      const res = await put(
        `${href}/applicant?companyCountryISO=SE`,
        demoApplicant('Sundsvall Kontorsmöbler AB', 'SE'),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().properties.applicant).toMatchObject({
        name: 'Sundsvall Kontorsmöbler AB',
        countryIso: 'SE',
      });
      const incomplete = await put(`${href}/applicant`, {
        ...demoApplicant('Utan Adress AB', 'SE'),
        addresses: [],
      });
      expect(incomplete.statusCode).toBe(400);
      expect(incomplete.json()['invalid-params']).toContainEqual({
        name: 'applicant.addresses',
        reason: 'mainAddressMissing',
      });
      expect(res.headers.etag).toBeDefined();
      expect(etag).toBeDefined();
      const list = await get('/api/calculationSets?searchText=kontorsmöbler');
      expect(list.statusCode).toBe(200);
      const items = list.json().entities.map((e: { properties: object }) => e.properties);
      expect(items).toEqual([
        expect.objectContaining({ calculationSetId: setId, applicantName: 'Sundsvall Kontorsmöbler AB' }),
      ]);
      const empty = await put(`${href}/applicant`, demoApplicant('', 'SE'));
      expect(empty.statusCode).toBe(400);
    });

    it('versions applicant changes and treats a new customer of an approved variant as a change after the decision', async () => {
      const { href, setId, variantId, etag } = await create();
      const stale = await t.app.inject({
        method: 'PUT',
        url: `${href}/applicant`,
        headers: { ...erik, 'if-match': '"stale.0"' },
        payload: { name: 'Stale AB' },
      });
      expect(stale.statusCode).toBe(412);
      const first = await put(`${href}/applicant`, demoApplicant('First AB', 'SE'));
      expect(first.headers.etag).not.toBe(etag);
      await setState(setId, variantId, 'readyToSign');
      const same = await put(`${href}/applicant`, demoApplicant('First AB', 'SE'));
      expect(same.json().properties.state).toBe('readyToSign');
      const other = await put(`${href}/applicant`, demoApplicant('Other AB', 'SE'));
      expect(other.json().properties.state).toBe('changedAfterStatement');
      await setState(setId, variantId, 'requestToGrenke');
      const locked = await put(`${href}/applicant`, demoApplicant('Locked AB', 'SE'));
      expect(locked.statusCode).toBe(409);
      const forced = await put(`${href}/applicant?forceUpdate=true`, demoApplicant('Locked AB', 'SE'));
      expect(forced.statusCode, forced.body).toBe(200);
      expect(forced.json().properties.state).toBe('inWork');
    });

    it('keeps an approved variant when only serial numbers are entered for the contract', async () => {
      const { href, setId, variantId } = await create();
      await setState(setId, variantId, 'readyToSign');
      const [object] = variant().financingObjects;
      const res = await put(`${href}/object-list`, {
        financingObjects: [{ ...object, serialNumber: 'SN-4711' }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().properties.state).toBe('readyToSign');
      expect(res.json().properties.calculationVariant.financingObjects[0].serialNumber).toBe('SN-4711');
    });

    it('replaces the objects and recalculates, refusing a sum that is not the NAV', async () => {
      const { href, variantId, entity } = await create();
      const limitOf = (rows: { periodInMonths: number; periodLimit: string | null }[], n: number) =>
        rows.find((r) => r.periodInMonths === n)!.periodLimit;
      // Copiers may run 72 months: no period of the list is limited.
      expect(limitOf(entity.properties.calculationResults, 54)).toBeNull();
      const res = await put(`${href}/object-list`, {
        financingObjects: [
          { objectId: 'OT-TABLET', manufacturerId: 'M-APPLE', netPricePerItemAmount: 1_000, quantity: 12 },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const p = res.json().properties;
      expect(p.etag).toBe(`"${variantId}.2"`);
      expect(p.calculationVariant.financingObjects).toEqual([
        expect.objectContaining({ objectId: 'OT-TABLET', quantity: 12, netPricePerItemAmount: 1_000 }),
      ]);
      // Tablets: soft limit 36, hard 48 months.
      expect(limitOf(p.calculationResults, 48)).toBe('soft');
      expect(limitOf(p.calculationResults, 54)).toBe('hard');
      expect(p.calculationVariant).toMatchObject({ inputValue: 12_000, name: 'Main offer' });

      const wrong = await put(`${href}/object-list`, {
        financingObjects: [{ objectId: 'OT-TABLET', netPricePerItemAmount: 1_000, quantity: 11 }],
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()['invalid-params']).toEqual([
        { name: 'financingObjects', reason: 'objectSumInvalid' },
      ]);
      const unknown = await put(`${href}/object-list`, {
        financingObjects: [{ objectId: 'OT-NOSUCHTHING', netPricePerItemAmount: 12_000 }],
      });
      expect(unknown.json().validationKeys).toEqual(['unknownObjectType']);
      const manufacturer = await put(`${href}/object-list`, {
        financingObjects: [
          { objectId: 'OT-TABLET', manufacturerId: 'M-MIELE', netPricePerItemAmount: 12_000 },
        ],
      });
      expect(manufacturer.json().validationKeys).toEqual(['unknownManufacturer']);
      expect((await get(href)).headers.etag).toBe(`"${variantId}.2"`);
    });

    it('locks the object list like the variant', async () => {
      const { setId, variantId, href } = await create();
      await setState(setId, variantId, 'requestToGrenke');
      const body = { financingObjects: [{ objectId: 'OT-COPIER', netPricePerItemAmount: 12_000 }] };
      const res = await put(`${href}/object-list`, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ errorKeys: ['updateBlocked'], canForce: true });
      const forced = await put(`${href}/object-list?forceUpdate=true`, body);
      expect(forced.statusCode).toBe(200);
      expect(forced.json().properties.state).toBe('inWork');
    });
  });

  describe('variants', () => {
    it('copies a variant into a new one and deletes variants but the last', async () => {
      const { setId, variantId, href } = await create();
      const copy = await t.app.inject({
        method: 'POST',
        url: `/api/calculationSets/${setId}/calculationVariant`,
        headers: erik,
        payload: { copyOf: variantId },
      });
      expect(copy.statusCode, copy.body).toBe(201);
      const c = copy.json().properties;
      expect(c.calculationVariantId).not.toBe(variantId);
      expect(copy.headers.location).toBe(
        `/api/calculationSets/${setId}/calculationVariant/${c.calculationVariantId}`,
      );
      expect(copy.headers.etag).toBe(`"${c.calculationVariantId}.1"`);
      expect(c.state).toBe('inWork');
      expect(c.variants.map((v: { position: number }) => v.position)).toEqual([1, 2]);
      const original = (await get(href)).json().properties;
      // The same inputs; the copy starts without a name, so the tabs tell them apart by number.
      expect(c.calculationVariant).toEqual({ ...original.calculationVariant, name: '' });
      expect(c.calculationResults).toEqual(original.calculationResults);
      expect(copy.json().actions.map((a: { name: string }) => a.name)).toContain('delete-variant');

      const unknown = await t.app.inject({
        method: 'POST',
        url: `/api/calculationSets/${setId}/calculationVariant`,
        headers: erik,
        payload: { copyOf: '00000000-0000-4000-8000-000000000000' },
      });
      expect(unknown.statusCode).toBe(404);

      const del = await t.app.inject({ method: 'DELETE', url: href, headers: erik });
      expect(del.statusCode).toBe(204);
      expect((await get(href)).statusCode).toBe(404);
      const [set] = await t.db.query<{ leading: string }>(
        'select leading_variant_id as leading from calculation_sets where id = $1',
        [setId],
      );
      expect(set!.leading).toBe(c.calculationVariantId);

      const last = await t.app.inject({
        method: 'DELETE',
        url: `/api/calculationSets/${setId}/calculationVariant/${c.calculationVariantId}`,
        headers: erik,
      });
      expect(last.statusCode).toBe(400);
      expect(last.json()).toMatchObject({ type: '/problems/error-keys', errorKeys: ['lastVariant'] });
      expect(
        (await get(`/api/calculationSets/${setId}/calculationVariant/${c.calculationVariantId}`)).statusCode,
      ).toBe(200);
    });

    it('adds a variant from new inputs, and refuses deleting one past the quote', async () => {
      const { setId, variantId, href } = await create();
      const added = await t.app.inject({
        method: 'POST',
        url: `/api/calculationSets/${setId}/calculationVariant`,
        headers: erik,
        payload: { calculationVariant: variant({ name: 'Shorter', periodInMonths: 36 }) },
      });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json().properties.calculationVariant).toMatchObject({
        name: 'Shorter',
        periodInMonths: 36,
      });
      const neither = await t.app.inject({
        method: 'POST',
        url: `/api/calculationSets/${setId}/calculationVariant`,
        headers: erik,
        payload: {},
      });
      expect(neither.statusCode).toBe(400);
      await t.db.query("update calculation_variants set state = 'readyToSign' where id = $1", [variantId]);
      const del = await t.app.inject({ method: 'DELETE', url: href, headers: erik });
      expect(del.statusCode).toBe(409);
      expect(del.json()).toMatchObject({ errorKeys: ['invalidCurrentState'], canForce: false });
    });
  });

  it('lets a forced update overwrite a newer version, and keeps an approved set leading when a variant is added', async () => {
    const { href, setId, variantId } = await create();
    await put(href, saveBody({ name: 'Newer' }));
    const forced = await t.app.inject({
      method: 'PUT',
      url: `${href}?forceUpdate=true`,
      headers: { ...erik, 'if-match': `"${variantId}.1"` },
      payload: saveBody({ name: 'Mine' }),
    });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json().properties.name).toBe('Mine');
    await setState(setId, variantId, 'readyToSign');
    const copy = await t.app.inject({
      method: 'POST',
      url: `/api/calculationSets/${setId}/calculationVariant`,
      headers: erik,
      payload: { copyOf: variantId },
    });
    expect(copy.statusCode).toBe(201);
    const list = await get(
      `/api/calculationSets?searchText=${encodeURIComponent('Testbolaget')}&itemsPerPage=100`,
    );
    const item = list
      .json()
      .entities.map((e: { properties: { calculationSetId: string } }) => e.properties)
      .find((p: { calculationSetId: string }) => p.calculationSetId === setId);
    expect(item).toMatchObject({ calculationVariantId: variantId, state: 'readyToSign' });
  });

  it('holds at most 10 variants in a set', async () => {
    const { setId, variantId, href } = await create();
    const copy = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/calculationSets/${setId}/calculationVariant`,
        headers: erik,
        payload: { copyOf: variantId },
      });
    for (let k = 2; k <= 10; k++) expect((await copy()).statusCode).toBe(201);
    const eleventh = await copy();
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json()).toMatchObject({ type: '/problems/error-keys', errorKeys: ['tooManyVariants'] });
    const [row] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from calculation_variants where calculation_set_id = $1',
      [setId],
    );
    expect(row!.n).toBe(10);
    // Nothing offers the copy the server would refuse: neither the editor's variant nor the list.
    const names = (actions: { name: string }[]) => actions.map((a) => a.name);
    expect(names((await get(href)).json().actions)).not.toContain('copy-variant');
    const listed = (await get('/api/calculationSets?itemsPerPage=100')).json().entities as {
      properties: { calculationSetId: string };
      actions: { name: string }[];
    }[];
    const item = listed.find((e) => e.properties.calculationSetId === setId)!;
    expect(names(item.actions)).not.toContain('copy-variant');
    expect(item.properties).not.toHaveProperty('variantCount');
  });

  describe('who may', () => {
    it("answers 404 for another partner's set on GET, PUT and DELETE", async () => {
      const { href, setId, variantId } = await create();
      const lukas = await as(DEMO.lukas);
      expect((await get(href, lukas)).statusCode).toBe(404);
      const view = await get(
        `/api/calculationView?calculationSetId=${setId}&calculationVariantId=${variantId}`,
        lukas,
      );
      expect(view.statusCode).toBe(404);
      const body = {
        calculationVariant: variant({ conditionListId: 'DE-RBT-TA-R10-C0', productId: 'DE-RBT-TA' }),
      };
      expect((await put(href, body, lukas)).statusCode).toBe(404);
      expect((await put(`${href}/applicant`, demoApplicant('Fremd GmbH', 'SE'), lukas)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: href, headers: lukas })).statusCode).toBe(404);
      const copy = await t.app.inject({
        method: 'POST',
        url: `/api/calculationSets/${setId}/calculationVariant`,
        headers: lukas,
        payload: { copyOf: variantId },
      });
      expect(copy.statusCode).toBe(404);
      expect((await get(href)).json().properties).toMatchObject({
        name: 'Main offer',
        applicant: demoApplicant('Testbolaget Väst AB', 'SE'),
      });
      expect((await get(href)).json().properties.variants).toHaveLength(1);
    });

    it('refuses writes on a read-only profile with 403, reads still work', async () => {
      const lukasRit = await as(DEMO.lukas, 'DE-RIT');
      const rit = { conditionListId: 'DE-RIT-TA-R10-C0', productId: 'DE-RIT-TA' };
      const { href, setId, variantId } = await create(rit, lukasRit);
      const jonas = await as(DEMO.jonas, 'DE-RIT');
      const created = await post(saveBody(rit), jonas);
      expect(created.statusCode).toBe(403);
      expect(created.json()).toMatchObject({
        type: '/problems/forbidden',
        detail: 'The selected brand is read-only.',
      });
      expect((await put(href, saveBody({ ...rit, name: 'Jonas' }), jonas)).statusCode).toBe(403);
      expect((await put(`${href}/applicant`, demoApplicant('Jonas AB', 'SE'), jonas)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'DELETE', url: href, headers: jonas })).statusCode).toBe(403);
      const read = await get(href, jonas);
      expect(read.statusCode).toBe(200);
      expect(read.json().properties.isReadOnly).toBe(true);
      expect(read.json().actions).toEqual([]);
      const view = await get(
        `/api/calculationView?calculationSetId=${setId}&calculationVariantId=${variantId}`,
        jonas,
      );
      expect(view.json().properties.calculationProfile).toMatchObject({
        isReadOnly: true,
        isNewCalculationPossible: false,
      });
      // The same person on the writable brand may create.
      const rbt = await as(DEMO.jonas, 'DE-RBT');
      const own = await post(saveBody({ conditionListId: 'DE-RBT-TA-R10-C0', productId: 'DE-RBT-TA' }), rbt);
      expect(own.statusCode).toBe(201);
    });

    it("keeps a user without global access to their own sets; a global user sees everyone's", async () => {
      const { href, setId, variantId } = await create();
      const maja = await as(DEMO.maja);
      expect(
        (await get('/api/calculationView', maja)).json().properties.globalAndDashboardSettings,
      ).toMatchObject({
        hasGlobalAccess: false,
        isExcelDownloadPermitted: false,
      });
      expect((await get(href, maja)).statusCode).toBe(404);
      expect((await put(href, saveBody({ name: 'Maja' }), maja)).statusCode).toBe(404);
      const copy = await t.app.inject({
        method: 'POST',
        url: `/api/calculationSets/${setId}/calculationVariant`,
        headers: maja,
        payload: { copyOf: variantId },
      });
      expect(copy.statusCode).toBe(404);
      const anna = await as(DEMO.anna, 'SE-NOS');
      expect((await get(href, anna)).statusCode).toBe(200);
      // Maja's own set is hers to read and change; Erik (global access) may read it too.
      const majas = await create({}, maja, 'Majas Kund AB');
      expect((await get(majas.href, maja)).statusCode).toBe(200);
      expect((await put(majas.href, saveBody({ name: 'Hers' }), maja)).statusCode).toBe(200);
      expect((await get(majas.href)).json().properties.name).toBe('Hers');
      // Another brand of the same partner does not see it either.
      const medical = await as(DEMO.anna, 'SE-NML');
      expect((await get(href, medical)).statusCode).toBe(404);
    });

    it('needs a token', async () => {
      expect((await post(saveBody(), {})).statusCode).toBe(401);
    });
  });
});
