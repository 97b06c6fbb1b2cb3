import { z } from 'zod';

/** An image on disk: one JSON line saying what it is, then the bytes as received. */
const IMAGE_FORMAT = 'caseworks-image';

const ImageMeta = z.object({ format: z.literal(IMAGE_FORMAT), contentType: z.string(), url: z.string() });
export type ImageMeta = z.infer<typeof ImageMeta>;

export function encodeImageFile(url: string, contentType: string, bytes: Uint8Array): Buffer {
  const meta: ImageMeta = { format: IMAGE_FORMAT, contentType, url };
  return Buffer.concat([Buffer.from(`${JSON.stringify(meta)}\n`), bytes]);
}

export function decodeImageFile(file: Buffer): { meta: ImageMeta; bytes: Buffer } | null {
  const end = file.indexOf(0x0a);
  if (end < 0 || end > 4096) return null;
  try {
    const meta = ImageMeta.safeParse(JSON.parse(file.toString('utf8', 0, end)));
    return meta.success ? { meta: meta.data, bytes: file.subarray(end + 1) } : null;
  } catch {
    return null;
  }
}

/** Only raster and vector images; the type's parameters (e.g. charset) are dropped. */
export function imageContentType(header: string | null): string | null {
  const type = header?.split(';')[0]?.trim().toLowerCase() ?? '';
  return /^image\/[a-z0-9.+-]+$/.test(type) ? type : null;
}
