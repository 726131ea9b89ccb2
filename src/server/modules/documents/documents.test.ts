import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDocumentStore } from '../../integrations/document-store/postgres';
import { docx, jpg, pdf, png, xlsx, zip } from '../../test/files';
import { DB_KINDS, DEMO, profileIdOf, startTestApp, type TestApp } from '../../test/harness';
import { MAX_DOCUMENT_BYTES } from './file-types';
import { insertDocument } from './repo';
import { UPLOAD_BODY_LIMIT } from './routes';
import { actionOf, documentCalls, reasonsOf } from './test-fixtures';

// The upload as a form (multipart/form-data) is tested in form.test.ts.

describe.each(DB_KINDS)('documents of a calculation set (%s)', (kind) => {
  let t: TestApp;
  let erik: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    erik = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
  });
  afterAll(() => t.close());

  const { as, createSet, list, download } = documentCalls(() => ({ t, erik }));

  const upload = (
    setId: string,
    fileName: string,
    content: Buffer | string,
    {
      category = 'other',
      headers = erik,
      extra = {},
    }: { category?: string; headers?: Record<string, string>; extra?: Record<string, unknown> } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/calculationSets/${setId}/documents/base64?documentType=${category}`,
      headers,
      payload: {
        fileName,
        fileContent: typeof content === 'string' ? content : content.toString('base64'),
        ...extra,
      },
    });
  const remove = (href: string, headers = erik) => t.app.inject({ method: 'DELETE', url: href, headers });

  describe('upload, list, download, delete', () => {
    it('accepts pdf, jpg, png, docx and xlsx and gives back the same bytes', async () => {
      const setId = await createSet();
      const files: [string, Buffer, string, string][] = [
        ['Offer.pdf', pdf(), 'agreement', 'pdf'],
        ['passport.JPEG', jpg, 'identity', 'jpg'],
        ['plate.png', png(), 'registration', 'png'],
        ['Order.docx', docx(), 'delivery', 'docx'],
        ['balance.xlsx', await xlsx(), 'financial', 'xlsx'],
      ];
      const profileId = await profileIdOf(t.db, DEMO.erik, 'SE-NOS');
      for (const [name, bytes, category, format] of files) {
        const res = await upload(setId, name, bytes, {
          category,
          headers: { ...erik, 'x-user-profile-id': profileId },
          extra: { lastModifiedDate: '2025-03-01T10:00:00.000Z' },
        });
        expect(res.statusCode, res.body).toBe(201);
        const doc = res.json();
        expect(res.headers.location).toBe(doc.links[0].href);
        expect(doc.properties).toMatchObject({
          name,
          size: bytes.length,
          format,
          category,
          documentGroup: 'attachment',
          lastModifiedDate: '2025-03-01T10:00:00.000Z',
          calculationSetId: setId,
        });
        expect(Date.parse(doc.properties.saveDate)).toBeGreaterThan(Date.now() - 60_000);
        expect(actionOf(doc, 'download')).toEqual({
          name: 'download',
          method: 'GET',
          href: `/api/documents/${doc.properties.documentId}/base64`,
        });
        expect(actionOf(doc, 'delete')).toEqual({
          name: 'delete',
          method: 'DELETE',
          href: `/api/documents/${doc.properties.documentId}?userProfileId=${profileId}`,
        });
      }

      const answer = await list(setId);
      expect(answer.statusCode).toBe(200);
      const body = answer.json();
      expect(body.properties).toMatchObject({
        calculationSetId: setId,
        count: 5,
        maxFileSize: MAX_DOCUMENT_BYTES,
      });
      expect(body.entities.map((g: { rel: string[] }) => g.rel[0])).toEqual([
        'generatedDocuments',
        'attachments',
      ]);
      expect(body.entities[0].entities).toEqual([]);
      const attachments = body.entities[1].entities;
      expect(attachments.map((d: { properties: { name: string } }) => d.properties.name)).toEqual(
        files.map(([name]) => name),
      );
      expect(actionOf(body, 'upload')).toMatchObject({ method: 'POST' });

      for (const [i, [name, bytes, , format]] of files.entries()) {
        const res = await download(actionOf(attachments[i], 'download')!.href);
        expect(res.statusCode).toBe(200);
        const got = res.json();
        expect(got).toMatchObject({ fileName: name, format });
        expect(Buffer.from(got.contentAsBase64, 'base64').equals(bytes)).toBe(true);
      }
    });

    it('deletes an attachment: 204, then it is gone from the list and from download', async () => {
      const setId = await createSet();
      const doc = (await upload(setId, 'scan.pdf', pdf())).json();
      const kept = (await upload(setId, 'kept.pdf', pdf('kept'))).json();
      const res = await remove(actionOf(doc, 'delete')!.href);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const after = (await list(setId)).json();
      expect(after.properties.count).toBe(1);
      expect(after.entities[1].entities[0].properties.documentId).toBe(kept.properties.documentId);
      expect((await download(actionOf(doc, 'download')!.href)).statusCode).toBe(404);
      expect((await remove(actionOf(doc, 'delete')!.href)).statusCode).toBe(404);
      const [row] = await t.db.query<{ n: number }>(
        'select count(*)::int as n from documents where id = $1',
        [doc.properties.documentId],
      );
      expect(row!.n).toBe(0);
    });

    it('accepts exactly 2 MB', async () => {
      const setId = await createSet();
      // A PDF padded by a comment line to the limit.
      const bytes = pdf('%'.padEnd(MAX_DOCUMENT_BYTES - pdf().length, ' '));
      expect(bytes.length).toBe(MAX_DOCUMENT_BYTES);
      const res = await upload(setId, 'big.pdf', bytes);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().properties.size).toBe(2 * 1024 * 1024);
    });
  });

  describe('refusals', () => {
    let setId: string;
    beforeAll(async () => {
      setId = await createSet();
    });

    it('refuses a program renamed to .pdf, and files whose bytes are not what their name says', async () => {
      const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126), Buffer.from('PE\0\0')]);
      expect(reasonsOf(await upload(setId, 'invoice.pdf', exe))).toEqual([
        { name: 'fileContent', reason: 'fileContentMismatch' },
      ]);
      expect(reasonsOf(await upload(setId, 'photo.jpg', png()))).toEqual([
        { name: 'fileContent', reason: 'fileContentMismatch' },
      ]);
      // A zip is no Word file; an Excel file is no Word file either.
      expect(reasonsOf(await upload(setId, 'letter.docx', zip({ 'run.exe': 'MZ' })))).toEqual([
        { name: 'fileContent', reason: 'fileContentMismatch' },
      ]);
      expect(reasonsOf(await upload(setId, 'letter.docx', await xlsx()))).toEqual([
        { name: 'fileContent', reason: 'fileContentMismatch' },
      ]);
      // HTML named as a PDF, and behind a JPG's first bytes.
      const page = Buffer.from('<html><body><script>fetch("/api/session")</script></body></html>');
      expect(reasonsOf(await upload(setId, 'offer.pdf', page))).toEqual([
        { name: 'fileContent', reason: 'fileContentMismatch' },
      ]);
      expect(reasonsOf(await upload(setId, 'photo.jpg', Buffer.concat([jpg.subarray(0, 20), page])))).toEqual(
        [{ name: 'fileContent', reason: 'fileContentMismatch' }],
      );
    });

    it('refuses active content and Office files that unpack too far, and stores none of them', async () => {
      const countOf = async () => (await list(setId)).json().properties.count as number;
      const before = await countOf();
      const autoRun = pdf(
        '2 0 obj <</Type /Catalog /OpenAction <</S /JavaScript /JS (app.launchURL("x"))>> >> endobj',
      );
      expect(reasonsOf(await upload(setId, 'contract.pdf', autoRun))).toEqual([
        { name: 'fileContent', reason: 'fileActiveContent' },
      ]);
      expect(reasonsOf(await upload(setId, 'letter.docx', docx({ 'word/vbaProject.bin': 'VBA' })))).toEqual([
        { name: 'fileContent', reason: 'fileActiveContent' },
      ]);
      const bomb = docx({ 'word/media/padding.xml': Buffer.alloc(100 * 1024 * 1024) });
      expect(reasonsOf(await upload(setId, 'letter.docx', bomb))).toEqual([
        { name: 'fileContent', reason: 'fileUnpackedTooLarge' },
      ]);
      expect(await countOf()).toBe(before);
    });

    it('refuses types that are not allowed, whatever the bytes', async () => {
      for (const name of ['setup.exe', 'archive.zip', 'page.html', 'noextension', 'trailing.pdf.'])
        expect(reasonsOf(await upload(setId, name, pdf())), name).toEqual([
          { name: 'fileName', reason: 'fileTypeNotAllowed' },
        ]);
    });

    it('refuses 2 MB + 1 byte, an empty file and a body over the limit', async () => {
      const head = pdf();
      const tooBig = Buffer.concat([head, Buffer.alloc(MAX_DOCUMENT_BYTES + 1 - head.length, 0x20)]);
      expect(reasonsOf(await upload(setId, 'big.pdf', tooBig))).toEqual([
        { name: 'fileContent', reason: 'fileTooLarge' },
      ]);
      expect(reasonsOf(await upload(setId, 'empty.pdf', Buffer.alloc(0)))).toEqual([
        { name: 'fileContent', reason: 'fileEmpty' },
      ]);
      expect(reasonsOf(await upload(setId, 'huge.pdf', 'A'.repeat(UPLOAD_BODY_LIMIT)))).toEqual([
        { name: 'fileContent', reason: 'fileTooLarge' },
      ]);
      // Longer base64 than 2 MB can give is refused by the schema before decoding.
      expect(reasonsOf(await upload(setId, 'big.pdf', 'QUFB'.repeat(700_000)))).toEqual([
        { name: 'fileContent', reason: 'fileTooLarge' },
      ]);
      expect(UPLOAD_BODY_LIMIT).toBeLessThan(2.9 * 1024 * 1024);
    });

    it('refuses broken base64', async () => {
      const good = pdf().toString('base64');
      for (const content of [
        `${good.slice(0, -1)}`,
        `${good}$`,
        `data:application/pdf;base64,${good}`,
        `${good.slice(0, 40)}\n${good.slice(40)}`,
        good.replaceAll('+', '-').replaceAll('/', '_') + '-_',
        'QR==',
      ])
        expect(reasonsOf(await upload(setId, 'a.pdf', content))).toEqual([
          { name: 'fileContent', reason: 'invalidBase64' },
        ]);
    });

    it('refuses a missing or unknown category and a missing name', async () => {
      expect(reasonsOf(await upload(setId, 'a.pdf', pdf(), { category: 'weapons' }))).toEqual([
        { name: 'documentType', reason: 'unknownDocumentType' },
      ]);
      const noCategory = await t.app.inject({
        method: 'POST',
        url: `/api/calculationSets/${setId}/documents/base64`,
        headers: erik,
        payload: { fileName: 'a.pdf', fileContent: pdf().toString('base64') },
      });
      expect(reasonsOf(noCategory)).toEqual([{ name: 'documentType', reason: 'required' }]);
      expect(reasonsOf(await upload(setId, ' ../ ', pdf()))).toEqual([
        { name: 'fileName', reason: 'required' },
      ]);
    });

    it('keeps only the name of a path, without control characters, at most 255 characters', async () => {
      const names: [string, string][] = [
        ['../../etc/passwd.pdf', 'passwd.pdf'],
        ['C:\\Users\\erik\\..\\Desktop\\offer.pdf', 'offer.pdf'],
        ['evil\u202e\r\nname.pdf', 'evilname.pdf'],
        ['..hidden.pdf', 'hidden.pdf'],
        [`${'x'.repeat(400)}.pdf`, `${'x'.repeat(251)}.pdf`],
      ];
      for (const [given, kept] of names) {
        const res = await upload(setId, given, pdf());
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().properties.name).toBe(kept);
        const got = (await download(res.json().links[0].href)).json();
        expect(got.fileName).toBe(kept);
      }
      // NUL cannot be kept at all: the name is refused, not changed.
      const nul = await upload(setId, 'evil\u0000name.pdf', pdf());
      expect([nul.statusCode, nul.json()['invalid-params']]).toEqual([
        400,
        [{ name: 'fileName', reason: 'invalidCharacters' }],
      ]);
    });
  });

  describe('who may', () => {
    it("answers 404 for another partner's set and documents, and for a colleague's without global access", async () => {
      const setId = await createSet();
      const doc = (await upload(setId, 'mine.pdf', pdf())).json();
      for (const other of [await as(DEMO.lukas), await as(DEMO.maja), await as(DEMO.anna, 'SE-NML')]) {
        expect((await list(setId, other)).statusCode).toBe(404);
        expect((await upload(setId, 'theirs.pdf', pdf(), { headers: other })).statusCode).toBe(404);
        const got = await download(actionOf(doc, 'download')!.href, other);
        expect(got.statusCode).toBe(404);
        expect(got.json()).toMatchObject({ type: '/problems/not-found', detail: 'No such document.' });
        expect((await remove(`/api/documents/${doc.properties.documentId}`, other)).statusCode).toBe(404);
      }
      expect((await list(setId)).json().properties.count).toBe(1);
      expect((await list('not-a-uuid')).statusCode).toBe(404);
      expect((await download('/api/documents/not-a-uuid/base64')).statusCode).toBe(404);
      expect((await download(`/api/documents/${crypto.randomUUID()}/base64`)).statusCode).toBe(404);
    });

    it('lets a read-only profile read and download, but not upload or delete (403)', async () => {
      const lukasRit = await as(DEMO.lukas, 'DE-RIT');
      const setId = await createSet(lukasRit, {
        conditionListId: 'DE-RIT-TA-R10-C0',
        productId: 'DE-RIT-TA',
      });
      const doc = (await upload(setId, 'rit.pdf', pdf(), { headers: lukasRit })).json();
      const jonas = await as(DEMO.jonas, 'DE-RIT');
      const refused = await upload(setId, 'jonas.pdf', pdf(), { headers: jonas });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        type: '/problems/forbidden',
        detail: 'The selected brand is read-only.',
      });
      expect((await remove(`/api/documents/${doc.properties.documentId}`, jonas)).statusCode).toBe(403);
      const read = await list(setId, jonas);
      expect(read.statusCode).toBe(200);
      expect(read.json().actions).toEqual([]);
      const entry = read.json().entities[1].entities[0];
      expect(entry.actions.map((a: { name: string }) => a.name)).toEqual(['download']);
      expect((await download(actionOf(entry, 'download')!.href, jonas)).statusCode).toBe(200);
    });

    it('lists generated documents apart, and never deletes them', async () => {
      const setId = await createSet();
      const [user] = await t.db.query<{ id: string }>('select id from users limit 1');
      const id = await t.db.tx(async (q) => {
        const documentId = await insertDocument(q, {
          calculationSetId: setId,
          documentGroup: 'generated',
          category: 'offer',
          fileName: 'Offer 2025-001.pdf',
          format: 'pdf',
          size: pdf().length,
          lastModifiedAt: null,
          createdBy: user!.id,
        });
        await postgresDocumentStore.put(q, documentId, pdf());
        return documentId;
      });
      const body = (await list(setId)).json();
      const [generated] = body.entities[0].entities;
      expect(generated.properties).toMatchObject({
        documentId: id,
        documentGroup: 'generated',
        category: 'offer',
      });
      expect(generated.actions.map((a: { name: string }) => a.name)).toEqual(['download']);
      expect(body.entities[1].entities).toEqual([]);
      const res = await remove(`/api/documents/${id}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        type: '/problems/error-keys',
        errorKeys: ['generatedDocumentNotDeletable'],
      });
      const got = (await download(`/api/documents/${id}/base64`)).json();
      expect(Buffer.from(got.contentAsBase64, 'base64').equals(pdf())).toBe(true);
    });

    it('documents its routes in the OpenAPI document', async () => {
      const res = await t.app.inject({ url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json().paths)).toEqual(
        expect.arrayContaining([
          '/api/calculationSets/{setId}/documents',
          '/api/calculationSets/{setId}/documents/base64',
          '/api/documents/{id}/base64',
          '/api/documents/{id}',
        ]),
      );
    });

    it('needs a token', async () => {
      const setId = await createSet();
      expect((await upload(setId, 'a.pdf', pdf(), { headers: {} })).statusCode).toBe(401);
      expect((await list(setId, {})).statusCode).toBe(401);
    });
  });
});

describe.each(DB_KINDS)("a brand's quota of attachments (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { uploadQuotaBytes: 2_500 });
  });
  afterAll(() => t.close());

  async function setOf(headers: Record<string, string>, brand: string, objectType = 'OT-LAPTOP') {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/calculationSets',
      headers,
      payload: {
        calculationVariant: {
          conditionListId: `${brand}-VA-C3`,
          productId: `${brand}-VA`,
          navBasedCalculation: true,
          inputValue: 9_000,
          periodInMonths: 36,
          generalObject: { objectType, isExternalObjectOverviewProvided: true },
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().properties.calculationSetId as string;
  }
  const upload = (headers: Record<string, string>, setId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/calculationSets/${setId}/documents/base64?documentType=other`,
      headers,
      payload: { fileName: 'scan.pdf', fileContent: pdf('x'.repeat(1_000)).toString('base64') },
    });

  it('refuses an upload beyond it with storageQuotaExceeded; other brands and a freed place go on', async () => {
    const erik = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
    const setId = await setOf(erik, 'SE-NOS');
    // Every user of the brand counts: Anna's upload and Erik's fill it together.
    const anna = { authorization: `Bearer ${await t.token(DEMO.anna)}` };
    const first = await upload(anna, await setOf(anna, 'SE-NOS'));
    expect(first.statusCode, first.body).toBe(201);
    expect((await upload(erik, setId)).statusCode).toBe(201);
    const refused = await upload(erik, setId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()['invalid-params']).toEqual([
      { name: 'fileContent', reason: 'storageQuotaExceeded' },
    ]);

    const otherBrand = { ...anna, 'x-user-profile-id': await profileIdOf(t.db, DEMO.anna, 'SE-NML') };
    const elsewhere = await upload(otherBrand, await setOf(otherBrand, 'SE-NML', 'OT-DENTAL'));
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);

    const id = first.json().properties.documentId as string;
    const freed = await t.app.inject({ method: 'DELETE', url: `/api/documents/${id}`, headers: anna });
    expect(freed.statusCode, freed.body).toBe(204);
    expect((await upload(erik, setId)).statusCode).toBe(201);
  });
});
