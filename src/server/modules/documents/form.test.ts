// The upload as a form (multipart/form-data, form.ts), on each database; the base64 upload and
// the rest of the documents are tested in documents.test.ts, whose calls are shared
// (test-fixtures.ts).
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdf } from '../../test/files';
import { DB_KINDS, DEMO, startTestApp, type TestApp } from '../../test/harness';
import { MAX_DOCUMENT_BYTES } from './file-types';
import { FORM_BODY_LIMIT } from './form';
import { actionOf, documentCalls, reasonsOf } from './test-fixtures';

describe.each(DB_KINDS)('documents of a calculation set (%s)', (kind) => {
  let t: TestApp;
  let erik: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    erik = { authorization: `Bearer ${await t.token(DEMO.erik)}` };
  });
  afterAll(() => t.close());

  const { as, createSet, list, download } = documentCalls(() => ({ t, erik }));

  describe('as a form (multipart/form-data)', () => {
    type Part = { name: string; value: string } | { name: string; fileName: string; bytes: Buffer };
    const BOUNDARY = '----portal-test-boundary';
    const formOf = (parts: Part[]) =>
      Buffer.concat([
        ...parts.flatMap((p) => [
          Buffer.from(
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"` +
              ('bytes' in p ? `; filename="${p.fileName}"\r\nContent-Type: application/octet-stream` : '') +
              '\r\n\r\n',
          ),
          'bytes' in p ? p.bytes : Buffer.from(p.value),
          Buffer.from('\r\n'),
        ]),
        Buffer.from(`--${BOUNDARY}--\r\n`),
      ]);
    const send = (setId: string, payload: Buffer | string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/calculationSets/${setId}/documents?documentType=delivery`,
        headers: { ...erik, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
        payload,
      });
    const file = (fileName: string, bytes: Buffer): Part => ({ name: 'file', fileName, bytes });

    it('accepts a file as its bytes, with its date, and gives the same bytes back', async () => {
      const setId = await createSet();
      const bytes = pdf();
      const res = await send(
        setId,
        formOf([
          { name: 'lastModifiedDate', value: '2025-03-01T10:00:00.000Z' },
          file('Delivery note.pdf', bytes),
        ]),
      );
      expect(res.statusCode, res.body).toBe(201);
      const doc = res.json();
      expect(res.headers.location).toBe(doc.links[0].href);
      expect(doc.properties).toMatchObject({
        name: 'Delivery note.pdf',
        size: bytes.length,
        format: 'pdf',
        category: 'delivery',
        lastModifiedDate: '2025-03-01T10:00:00.000Z',
      });
      const got = (await download(actionOf(doc, 'download')!.href)).json();
      expect(Buffer.from(got.contentAsBase64, 'base64').equals(bytes)).toBe(true);
    });

    it('checks the file as the base64 upload does', async () => {
      const setId = await createSet();
      const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126), Buffer.from('PE\0\0')]);
      expect(reasonsOf(await send(setId, formOf([file('invoice.pdf', exe)])))).toEqual([
        { name: 'fileContent', reason: 'fileContentMismatch' },
      ]);
      expect(reasonsOf(await send(setId, formOf([file('setup.exe', pdf())])))).toEqual([
        { name: 'fileName', reason: 'fileTypeNotAllowed' },
      ]);
      const head = pdf();
      const tooBig = Buffer.concat([head, Buffer.alloc(MAX_DOCUMENT_BYTES + 1 - head.length, 0x20)]);
      expect(reasonsOf(await send(setId, formOf([file('big.pdf', tooBig)])))).toEqual([
        { name: 'fileContent', reason: 'fileTooLarge' },
      ]);
      // A PDF padded by a comment line to the limit, as 'accepts exactly 2 MB' in documents.test.ts.
      const exactly = pdf('%'.padEnd(MAX_DOCUMENT_BYTES - pdf().length, ' '));
      expect((await send(setId, formOf([file('exactly.pdf', exactly)]))).statusCode).toBe(201);
      expect(
        reasonsOf(
          await send(setId, formOf([file('a.pdf', pdf()), { name: 'lastModifiedDate', value: 'soon' }])),
        ),
      ).toEqual([{ name: 'lastModifiedDate', reason: 'invalidDate' }]);
      expect((await list(setId)).json().properties.count).toBe(1);
    });

    it('refuses a form without a file, with two, a broken one and a body that is no form', async () => {
      const setId = await createSet();
      expect(
        reasonsOf(await send(setId, formOf([{ name: 'lastModifiedDate', value: '2025-03-01T10:00:00Z' }]))),
      ).toEqual([{ name: 'file', reason: 'required' }]);
      expect(reasonsOf(await send(setId, formOf([file('a.pdf', pdf()), file('b.pdf', pdf())])))).toEqual([
        { name: 'body', reason: 'tooManyParts' },
      ]);
      expect(
        reasonsOf(
          await send(
            setId,
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF`,
          ),
        ),
      ).toEqual([{ name: 'body', reason: 'malformed' }]);
      expect(
        reasonsOf(await send(setId, formOf([{ name: 'note', value: 'x' }, file('a.pdf', pdf())]))),
      ).toEqual([{ name: 'note', reason: 'unknownField' }]);
      expect(
        reasonsOf(await send(setId, formOf([{ name: 'upload', fileName: 'a.pdf', bytes: pdf() }]))),
      ).toEqual([{ name: 'upload', reason: 'unknownField' }]);
      expect(
        reasonsOf(
          await send(
            setId,
            formOf([{ name: 'lastModifiedDate', value: '2'.repeat(200) }, file('a.pdf', pdf())]),
          ),
        ),
      ).toEqual([{ name: 'lastModifiedDate', reason: 'invalidDate' }]);
      // The declared length bounds what is read: more is refused before a byte, none is a 411.
      const declared = await send(setId, formOf([file('a.pdf', pdf())]), {
        'content-length': String(FORM_BODY_LIMIT + 1),
      });
      expect(reasonsOf(declared)).toEqual([{ name: 'fileContent', reason: 'fileTooLarge' }]);
      expect(declared.headers.connection).toBe('close');
      const chunked = await send(setId, Readable.from([formOf([file('a.pdf', pdf())])]) as unknown as string);
      expect(chunked.statusCode, chunked.body).toBe(411);
      const json = await send(
        setId,
        JSON.stringify({ fileName: 'a.pdf', fileContent: pdf().toString('base64') }),
        {
          'content-type': 'application/json',
        },
      );
      expect(json.statusCode, json.body).toBe(415);
      // A form is still refused where JSON is asked for.
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: `/api/calculationSets/${setId}/documents/base64?documentType=other`,
        headers: { ...erik, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: formOf([file('a.pdf', pdf())]),
      });
      expect(elsewhere.statusCode).toBe(415);
      expect((await list(setId)).json().properties.count).toBe(0);
    });

    it('stores a repeated upload with its Idempotency-Key once', async () => {
      const setId = await createSet();
      const body = formOf([file('Order.pdf', pdf())]);
      const key = { 'idempotency-key': `form-${setId}` };
      const first = await send(setId, body, key);
      const again = await send(setId, body, key);
      expect(first.statusCode, first.body).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().properties.documentId).toBe(first.json().properties.documentId);
      expect((await list(setId)).json().properties.count).toBe(1);
    });

    it('refuses a read-only profile (403), a caller without a token (401) and another partner (404)', async () => {
      const setId = await createSet(await as(DEMO.lukas, 'DE-RIT'), {
        conditionListId: 'DE-RIT-TA-R10-C0',
        productId: 'DE-RIT-TA',
      });
      const form = formOf([file('a.pdf', pdf())]);
      const jonas = await send(setId, form, await as(DEMO.jonas, 'DE-RIT'));
      expect(jonas.statusCode).toBe(403);
      expect(jonas.json()).toMatchObject({ detail: 'The selected brand is read-only.' });
      const anonymous = await t.app.inject({
        method: 'POST',
        url: `/api/calculationSets/${setId}/documents?documentType=other`,
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: form,
      });
      expect(anonymous.statusCode).toBe(401);
      // Another partner's set is not there for the caller.
      const lukas = await send(await createSet(), form, await as(DEMO.lukas));
      expect(lukas.statusCode, lukas.body).toBe(404);
    });
  });
});
