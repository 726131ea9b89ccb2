import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { test } from './axe';
import { demoApplicant } from '../src/server/demo/applicants';
import { signIn, USERS } from './support';

/**
 * The documents of a calculation set: upload a PDF and a JPG, see them listed, download one
 * and compare its bytes, delete one; refused files show why, before and after sending.
 */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');
const JPG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9,
]);

/** Saves a set through the API with the signed-in user's token; answers its ids. */
async function createSet(page: Page, name: string) {
  return page.evaluate(
    async ({ applicant }) => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!;
      const token = (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token;
      const response = await fetch('/api/calculationSets', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({
          calculationVariant: {
            conditionListId: 'SE-NOS-VA-C3',
            productId: 'SE-NOS-VA',
            navBasedCalculation: true,
            inputValue: 10000,
            periodInMonths: 36,
            generalObject: { objectType: 'OT-LAPTOP', isExternalObjectOverviewProvided: true },
          },
          applicant,
        }),
      });
      if (response.status !== 201)
        throw new Error(`create: HTTP ${response.status} ${await response.text()}`);
      return (
        (await response.json()) as { properties: { calculationSetId: string; calculationVariantId: string } }
      ).properties;
    },
    { applicant: demoApplicant(name, 'SE') },
  );
}

const attachments = (page: Page) => page.getByTestId('attachments').getByTestId('document-row');
const row = (page: Page, name: string) => attachments(page).filter({ hasText: name });

test('attach a PDF and a JPG, download one with the same bytes, delete one; refused files say why', async ({
  page,
}) => {
  await signIn(page, USERS.erik);
  const { calculationSetId, calculationVariantId } = await createSet(
    page,
    `Dokument ${Date.now().toString(36)} AB`,
  );
  await page.goto(`/calculations/${calculationSetId}/${calculationVariantId}/attachments`);
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
  await expect(page.getByTestId('back-to-calculation')).toHaveAttribute(
    'href',
    `/calculations/${calculationSetId}/${calculationVariantId}`,
  );
  await expect(page.getByTestId('attachments-empty')).toHaveText('No attachments yet.');
  await expect(page.getByTestId('generated-documents-empty')).toBeVisible();

  // The category is chosen first; it goes with the files chosen next, as a form (the bytes as
  // they are; the download below gives the same bytes back).
  await expect(page.getByLabel('Category')).toHaveValue('other');
  const sending = page.waitForRequest((r) => r.method() === 'POST' && /\/documents\?/.test(r.url()));
  await page
    .getByTestId('document-input')
    .setInputFiles({ name: 'offer.pdf', mimeType: 'application/pdf', buffer: PDF });
  const sent = await sending;
  expect(await sent.headerValue('content-type')).toMatch(/^multipart\/form-data; boundary=/);
  await expect(row(page, 'offer.pdf')).toContainText('Other');
  await page.getByLabel('Category').selectOption({ label: 'ID' });
  await page
    .getByTestId('document-input')
    .setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: JPG });
  await expect(row(page, 'passport.jpg')).toContainText('ID');
  await expect(attachments(page)).toHaveCount(2);
  await expect(page.getByTestId('upload-queue')).toHaveCount(0);

  // Download: the same bytes under the same name.
  const downloading = page.waitForEvent('download');
  await row(page, 'offer.pdf').getByRole('button', { name: 'Download offer.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('offer.pdf');
  expect((await readFile(await download.path())).equals(PDF)).toBe(true);

  // Delete asks first; cancelling keeps the file.
  await row(page, 'passport.jpg').getByRole('button', { name: 'Delete passport.jpg' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('passport.jpg will be deleted');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(attachments(page)).toHaveCount(2);
  await row(page, 'passport.jpg').getByRole('button', { name: 'Delete passport.jpg' }).click();
  await page.getByTestId('confirm-delete').click();
  await expect(row(page, 'passport.jpg')).toHaveCount(0);
  await expect(attachments(page)).toHaveCount(1);

  // Refused here, before sending: the type, and an empty file.
  await page.getByTestId('document-input').setInputFiles([
    { name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
    { name: 'empty.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) },
  ]);
  const items = page.getByTestId('upload-item');
  await expect(items.filter({ hasText: 'setup.exe' })).toContainText('This file type is not allowed.');
  await expect(items.filter({ hasText: 'empty.pdf' })).toContainText('The file is empty.');
  await expect(items.filter({ hasText: 'setup.exe' })).toHaveAttribute('data-upload-failed', 'true');

  // Refused by the server: a program renamed to .pdf; it stays with Retry and Remove.
  const renamed = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]);
  await page
    .getByTestId('document-input')
    .setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: renamed });
  const failed = items.filter({ hasText: 'invoice.pdf' });
  await expect(failed).toHaveAttribute('data-status', 'failed');
  await expect(failed.getByTestId('upload-problem')).toContainText(
    'Upload failed: The content of the file does not match its type.',
  );
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible();
  await failed.getByRole('button', { name: 'Remove invoice.pdf' }).click();
  await expect(failed).toHaveCount(0);

  // A PDF that would run JavaScript when opened: refused, and the row says why.
  const autoRun = Buffer.from(
    '%PDF-1.4\n1 0 obj <</Type /Catalog /OpenAction <</S /JavaScript /JS (app.alert(1))>> >> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  );
  await page
    .getByTestId('document-input')
    .setInputFiles({ name: 'scripted.pdf', mimeType: 'application/pdf', buffer: autoRun });
  await expect(items.filter({ hasText: 'scripted.pdf' }).getByTestId('upload-problem')).toContainText(
    'The file contains active content',
  );
  await expect(items).toHaveCount(3);
  await expect(attachments(page)).toHaveCount(1);

  // The list is what the server holds.
  await page.reload();
  await expect(attachments(page)).toHaveCount(1);
  await expect(row(page, 'offer.pdf')).toBeVisible();
});

test('a file chosen offline is kept on this device, said once, and attached once the connection returns', async ({
  page,
  context,
}) => {
  await signIn(page, USERS.erik);
  const { calculationSetId, calculationVariantId } = await createSet(
    page,
    `Offline ${Date.now().toString(36)} AB`,
  );
  await page.goto(`/calculations/${calculationSetId}/${calculationVariantId}/attachments`);
  await expect(page.getByTestId('attachments-empty')).toHaveText('No attachments yet.');

  await context.setOffline(true);
  await page
    .getByTestId('document-input')
    .setInputFiles({ name: 'balance.pdf', mimeType: 'application/pdf', buffer: PDF });
  // One message, seen and announced: not a toast and a hidden announcement of the same words.
  const kept = page.getByText('balance.pdf is kept on this device and uploaded once you are online.');
  await expect(kept).toBeVisible();
  await expect(kept).toHaveCount(1);
  await expect(page.getByTestId('queued-upload')).toContainText('balance.pdf');
  await expect(attachments(page)).toHaveCount(0);

  await context.setOffline(false);
  await expect(row(page, 'balance.pdf')).toBeVisible();
  await expect(page.getByTestId('queued-uploads')).toHaveCount(0);
  await page.reload();
  await expect(attachments(page)).toHaveCount(1);
});

/** A PDF of six pages with text on each, as a customer's document would be. */
async function sixPagePdf(): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 6; n++) {
    pdf.addPage([595, 842]).drawText(`Delivery note, page ${n}`, { x: 60, y: 760, size: 28, font });
  }
  return Buffer.from(await pdf.save());
}

/** Whether a canvas has anything drawn on it but white (an untouched one is transparent). */
const drawn = (canvas: HTMLCanvasElement) => {
  const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
  for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 0 && data[i]! < 200) return true;
  return false;
};

test('on a phone, an attached PDF is shown page by page and an image as it is, without saving them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, USERS.erik);
  const { calculationSetId, calculationVariantId } = await createSet(
    page,
    `Vorschau ${Date.now().toString(36)} AB`,
  );
  await page.goto(`/calculations/${calculationSetId}/${calculationVariantId}/attachments`);
  await page.getByTestId('document-input').setInputFiles({
    name: 'delivery-note.pdf',
    mimeType: 'application/pdf',
    buffer: await sixPagePdf(),
  });
  const png = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 200;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#1f4e8c';
    g.fillRect(0, 0, 320, 200);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  await page
    .getByTestId('document-input')
    .setInputFiles({ name: 'machine.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
  await expect(attachments(page)).toHaveCount(2);

  let downloads = 0;
  page.on('download', () => downloads++);
  await page.getByRole('button', { name: 'Preview delivery-note.pdf' }).click();
  const preview = page.getByTestId('document-preview');
  await expect(preview.getByRole('heading', { name: 'delivery-note.pdf' })).toBeVisible();
  const pages = preview.getByRole('img', { name: /^Page \d$/ });
  await expect(pages).toHaveCount(6);
  // pdf.js draws each page as it comes near the view: the text makes it more than white. The
  // last page, three screens down, is not drawn until the reader scrolls to it.
  for (const n of [0, 1]) await expect.poll(() => pages.nth(n).evaluate(drawn)).toBe(true);
  expect(await pages.nth(5).evaluate(drawn)).toBe(false);
  await pages.nth(5).scrollIntoViewIfNeeded();
  await expect.poll(() => pages.nth(5).evaluate(drawn)).toBe(true);
  // The page is as wide as the phone's sheet, not wider.
  const box = (await pages.first().boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(390);
  expect(box.width).toBeGreaterThan(300);
  await preview.getByRole('button', { name: 'Close the preview' }).click();
  await expect(preview).toHaveCount(0);

  await page.getByRole('button', { name: 'Preview machine.png' }).click();
  const image = page.getByTestId('document-preview').getByRole('img', { name: 'machine.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('document-preview')).toHaveCount(0);
  expect(downloads).toBe(0);
});
