import type { FastifyInstance } from 'fastify';
import { isJpeg, LOGO_MAX_BYTES } from '../../../domain/users';
import type { Db } from '../../db/db';
import { serve } from '../../endpoint';
import { inspectFile } from '../../files/inspect';
import type { Caller } from '../../plugins/auth';
import { forbidden, notFound, validation } from '../../problems';
import { findPartner } from '../session';
import { FORBIDDEN } from '../session/forbidden';
import { requireAdmin, requireWritable } from '../session/policy';
import { deleteLogo, findLogo, saveLogo } from './repo';

/**
 * The company logo (administration specification): JPG only, at most 200 kB, never empty; judged by its bytes,
 * not its name. Admins only, and only with the ShowCompanyLogo feature and logo permission.
 */

async function requireLogoAdmin(db: Db, caller: Caller) {
  requireAdmin(caller);
  const partner = await findPartner(db, caller.user.partnerId);
  if (!partner.enabledFeatures.includes('ShowCompanyLogo') || !partner.isLogoUploadPermitted) {
    throw forbidden(FORBIDDEN.logoNotPermitted);
  }
  return partner;
}

export async function decodeLogo(content: string): Promise<Buffer> {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(content) || content.length % 4 !== 0) {
    throw validation([{ name: 'content', reason: 'invalidBase64' }]);
  }
  const bytes = Buffer.from(content, 'base64');
  if (bytes.length === 0) throw validation([{ name: 'content', reason: 'emptyFile' }]);
  if (bytes.length > LOGO_MAX_BYTES) throw validation([{ name: 'content', reason: 'logoTooLarge' }]);
  // Sniffed like every upload (src/server/files/inspect.ts): a JPG that hides markup is no logo.
  if (!isJpeg(bytes) || (await inspectFile(bytes, 'jpg')))
    throw validation([{ name: 'content', reason: 'logoNotJpg' }]);
  return bytes;
}

export function logoRoutes(app: FastifyInstance, db: Db): void {
  const tags = ['administration'];

  serve(app, 'logo', { summary: "The partner's logo", tags }, async (req) => {
    const partner = await requireLogoAdmin(db, req.caller!);
    const logo = await findLogo(db, partner.id);
    if (!logo) throw notFound('The partner has no logo.');
    return {
      class: ['logo'],
      properties: {
        name: logo.name,
        size: logo.size,
        format: 'image/jpeg',
        content: Buffer.from(logo.content).toString('base64'),
        updatedAt: logo.updatedAt.toISOString(),
      },
    };
  });

  serve(
    app,
    'saveLogo',
    { summary: 'Upload or replace the logo (JPG, at most 200 kB)', tags },
    async (req) => {
      const partner = await requireLogoAdmin(db, req.caller!);
      requireWritable(req.caller!);
      const bytes = await decodeLogo(req.body.content);
      await saveLogo(db, partner.id, req.body.name, bytes);
      return {
        class: ['logo'],
        properties: { name: req.body.name, size: bytes.length, format: 'image/jpeg' },
      };
    },
  );

  serve(app, 'deleteLogo', { summary: 'Delete the logo', tags }, async (req, reply) => {
    const partner = await requireLogoAdmin(db, req.caller!);
    requireWritable(req.caller!);
    await deleteLogo(db, partner.id);
    return reply.code(204).send();
  });
}
