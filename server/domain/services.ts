/**
 * Services: create and update (with the portrait), start and end, the public view, the QR
 * code and the printable QR frame (spec 000 sections 2–5). Every staff call is scoped by
 * `scopeAccountId`: another account's service answers 404 exactly like a missing one.
 */
import QRCode from 'qrcode';
import sharp from 'sharp';
import { concatTransformationMatrix, drawObject, PDFDocument, popGraphicsState, pushGraphicsState, type PDFRef } from 'pdf-lib';
import {
  QR_ERROR_CORRECTION_LEVEL,
  QR_FRAME_HEIGHT_PX,
  QR_FRAME_WIDTH_PX,
  QR_PNG_MARGIN_PX,
  QR_PNG_SIZE_PX,
  SERVICE_PHOTO_MAX_SIDE_PX,
  type Service,
  type ServiceFormBody,
} from '../../src/contract/services';
import type { Db } from '../db/db';
import {
  findService,
  insertService,
  ipadsShowingService,
  isLiveInvitation,
  listServices,
  readStoredPublicData,
  releaseIpadsOfService,
  setServiceActive,
  signUrl,
  toService,
  updateServicePublicData,
  type StoredServicePublicData,
} from '../db/repos/services';
import { requireAccountScope, scopeAccountId, type Scope } from '../http/auth';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../http/errors';
import { blobUrl, putBlob } from '../storage/blobs';
import type { DomainEvents } from './events';

export const START_ACTIVE_SERVICE_MESSAGE = 'This service is already active and cannot be started.';
export const END_INACTIVE_SERVICE_MESSAGE = 'This service is not active and cannot be ended.';
/** Formats sharp may decode for a portrait; SVG, TIFF, HEIF and the rest are refused. */
const PHOTO_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);
/** A 10 MB file can still decompress to a huge bitmap; 50 megapixels covers any phone camera. */
const PHOTO_MAX_INPUT_PIXELS = 50_000_000;
/** SVG renders at 72 dpi by default; the frame must come out at its full print size. */
const SVG_BASE_DENSITY = 72;
/** Guards the frame render: the spec frame plus slack, never a multi-gigapixel bomb. */
const FRAME_MAX_PIXELS = Math.round(QR_FRAME_WIDTH_PX * QR_FRAME_HEIGHT_PX * 1.5);
/** US Letter in PDF points: the funeral homes print the frame on office printers. */
const LETTER_PT = { width: 612, height: 792 } as const;
/** A quarter inch, inside what office printers can reach. */
const PAGE_MARGIN_PT = 18;

export interface ServicesDeps {
  db: Db;
  events: DomainEvents;
  /** Read at call time: the public URL may be set after start (tests, proxies). */
  config: { publicUrl: string };
}

export class UnsupportedMediaError extends AppError {
  constructor(message: string) {
    super(415, 'unsupported_media_type', message);
  }
}

/**
 * Re-encodes an upload as a square PNG of at most 1024 px. Decoding proves it is an image, and
 * the fresh encode drops EXIF (camera location) and anything smuggled after the image data.
 */
export async function normalisePhoto(bytes: Buffer): Promise<Buffer> {
  const refuse = () => new UnsupportedMediaError('The photo could not be read as an image. Please upload a PNG, JPEG, WebP or GIF picture.');
  try {
    const image = sharp(bytes, { limitInputPixels: PHOTO_MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.format || !PHOTO_FORMATS.has(meta.format) || !meta.width || !meta.height) throw refuse();
    const side = Math.min(SERVICE_PHOTO_MAX_SIDE_PX, meta.width, meta.height);
    return await image.rotate().resize(side, side, { fit: 'cover', position: 'centre' }).png().toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refuse();
  }
}

/** Attribute values that may point somewhere: only in-document fragments and inline images pass. */
const isSafeReference = (value: string) => /^\s*(#|data:image\/(png|jpeg|gif|webp);base64,)/i.test(value);

/**
 * The QR frame comes from the browser's DOM. It is rendered on the server, so anything that
 * could run code or reach the network or the file system is refused rather than cleaned.
 */
export function assertSafeSvg(svg: string): void {
  if (!/<svg[\s>]/i.test(svg)) throw new ValidationError('SVG element not found.', { svg: 'SVG element not found.' });
  const forbidden = [/<script[\s>/]/i, /<foreignObject[\s>/]/i, /<!ENTITY/i, /<!DOCTYPE/i, /<\?xml-stylesheet/i, /@import/i, /<(iframe|object|embed)[\s>/]/i, /\son[a-z]+\s*=/i];
  if (forbidden.some((re) => re.test(svg))) throw new ValidationError('The QR frame contains scripts or embedded documents, which are not allowed.');
  for (const match of svg.matchAll(/(?:xlink:)?href\s*=\s*(["'])([^"']*)\1/gi)) {
    if (!isSafeReference(match[2] ?? '')) throw new ValidationError('The QR frame may only link to images inlined as data: URIs.');
  }
  for (const match of svg.matchAll(/url\(\s*(["']?)([^)"']*)\1\s*\)/gi)) {
    if (!isSafeReference(match[2] ?? '')) throw new ValidationError('The QR frame may only link to images inlined as data: URIs.');
  }
}

/**
 * Puts a PNG into a PDF image without decoding it: PDF's Flate filter with the PNG predictor
 * reads a non-interlaced 8-bit PNG's IDAT data as is (pdf-lib's embedPng decodes the 21
 * megapixel frame in JavaScript, which took seconds).
 */
function embedPngPassthrough(pdf: PDFDocument, png: Buffer): { ref: PDFRef; width: number; height: number } {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const [bitDepth, colorType, , , interlace] = [png[24], png[25], png[26], png[27], png[28]];
  const colors = colorType === 2 ? 3 : colorType === 0 ? 1 : 0;
  if (bitDepth !== 8 || colors === 0 || interlace !== 0) throw new Error('unexpected PNG layout');
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  const stream = pdf.context.stream(Buffer.concat(idat), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: width,
    Height: height,
    ColorSpace: colors === 3 ? 'DeviceRGB' : 'DeviceGray',
    BitsPerComponent: 8,
    Filter: 'FlateDecode',
    DecodeParms: { Predictor: 15, Colors: colors, BitsPerComponent: 8, Columns: width },
  });
  return { ref: pdf.context.register(stream), width, height };
}

/** Renders the frame at its print size and wraps it, centred, into a one-page Letter PDF. */
export async function svgToPdf(svg: string, title: string): Promise<Uint8Array> {
  assertSafeSvg(svg);
  const input = Buffer.from(svg, 'utf8');
  let png: Buffer;
  try {
    const meta = await sharp(input, { density: SVG_BASE_DENSITY }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    // Fit inside the frame's print size (the frame itself has exactly that shape).
    const scale = Math.min(QR_FRAME_WIDTH_PX / meta.width, QR_FRAME_HEIGHT_PX / meta.height);
    if (meta.width * meta.height * scale * scale > FRAME_MAX_PIXELS) throw new Error('too large');
    png = await sharp(input, { density: SVG_BASE_DENSITY * scale, limitInputPixels: FRAME_MAX_PIXELS })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .png({ compressionLevel: 6, palette: false, progressive: false })
      .toBuffer();
  } catch {
    throw new ValidationError('The QR frame could not be rendered. Please reload the page and try again.');
  }
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setProducer('Signature Guestbook');
  const image = embedPngPassthrough(pdf, png);
  const page = pdf.addPage([LETTER_PT.width, LETTER_PT.height]);
  const scale = Math.min((LETTER_PT.width - 2 * PAGE_MARGIN_PT) / image.width, (LETTER_PT.height - 2 * PAGE_MARGIN_PT) / image.height);
  const [w, h] = [image.width * scale, image.height * scale];
  const name = page.node.newXObject('Frame', image.ref);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(w, 0, 0, h, (LETTER_PT.width - w) / 2, (LETTER_PT.height - h) / 2), drawObject(name), popGraphicsState());
  return pdf.save();
}

/** A QR code PNG of `size` px whose white margin keeps the spec's 100-in-2048 proportion. */
export async function qrPng(text: string, size: number): Promise<Buffer> {
  const margin = Math.round((size * QR_PNG_MARGIN_PX) / QR_PNG_SIZE_PX);
  const inner = size - 2 * margin;
  const code = await QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: QR_ERROR_CORRECTION_LEVEL, margin: 0, width: inner });
  return sharp(code)
    .flatten({ background: '#ffffff' })
    .resize(inner, inner, { kernel: 'nearest' })
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background: '#ffffff' })
    .png()
    .toBuffer();
}

function publicDataFromForm(body: ServiceFormBody, previous: StoredServicePublicData, avatarBlobId: string | null | undefined): StoredServicePublicData {
  const keep = <T>(value: T | undefined, old: T) => (value === undefined ? old : value);
  return {
    ...previous,
    deceased_person: {
      full_name: body.deceased_person_full_name,
      preferred_name: body.deceased_person_preferred_name,
      birth_date: body.deceased_person_birth_date,
      death_date: body.deceased_person_death_date,
      avatar_blob_id: avatarBlobId ?? previous.deceased_person?.avatar_blob_id ?? null,
    },
    advanced_planning_check_text: keep(body.advanced_planning_check_text, previous.advanced_planning_check_text ?? null),
    advanced_planning_check_is_hidden: keep(body.advanced_planning_check_is_hidden, previous.advanced_planning_check_is_hidden ?? false),
    mobile_advanced_planning_label_header: keep(body.mobile_advanced_planning_label_header, previous.mobile_advanced_planning_label_header ?? null),
    mobile_advanced_planning_question: keep(body.mobile_advanced_planning_question, previous.mobile_advanced_planning_question ?? null),
  };
}

export function servicesDomain(deps: ServicesDeps) {
  const { db, events } = deps;
  const wire = (row: Parameters<typeof toService>[0], options?: Parameters<typeof toService>[2]) => toService(row, deps.config.publicUrl, options);

  async function load(scope: Scope | null, id: string) {
    const row = await findService(db, id, scopeAccountId(scope));
    if (!row) throw new NotFoundError('Service');
    return row;
  }

  async function reload(id: string): Promise<Service> {
    const row = await findService(db, id, null);
    if (!row) throw new NotFoundError('Service');
    return wire(row);
  }

  function announce(accountId: string, ipadIds: string[], activeServiceId: string | null): void {
    for (const ipadId of ipadIds) events.emit('ipadServiceChanged', { accountId, ipadId, activeServiceId });
  }

  async function storePhoto(tx: Parameters<typeof putBlob>[0], photo: Buffer): Promise<string> {
    return putBlob(tx, { contentType: 'image/png', bytes: photo, fileName: 'deceased-person.png' });
  }

  return {
    async list(scope: Scope | null, page: number): Promise<{ services: Service[]; total_services: number }> {
      const { rows, total } = await listServices(db, scopeAccountId(scope), page);
      return { services: rows.map((r) => wire(r)), total_services: total };
    },

    async get(scope: Scope | null, id: string): Promise<Service> {
      return wire(await load(scope, id));
    },

    async create(scope: Scope | null, body: ServiceFormBody, photoBytes: Buffer): Promise<Service> {
      const { accountId } = requireAccountScope(scope);
      const photo = await normalisePhoto(photoBytes);
      const id = await db.transaction(async (tx) => insertService(tx, accountId, publicDataFromForm(body, {}, await storePhoto(tx, photo))));
      return reload(id);
    },

    async update(scope: Scope | null, id: string, body: ServiceFormBody, photoBytes: Buffer | undefined): Promise<Service> {
      const row = await load(scope, id);
      const photo = photoBytes ? await normalisePhoto(photoBytes) : undefined;
      const ipads = await db.transaction(async (tx) => {
        const avatar = photo ? await storePhoto(tx, photo) : undefined;
        // Re-read inside the transaction so a concurrent PDF job's write is not lost.
        const current = await tx.query<{ public_data: unknown }>('SELECT public_data FROM services WHERE id = $1 FOR UPDATE', [id]);
        await updateServicePublicData(tx, id, publicDataFromForm(body, readStoredPublicData(current[0]?.public_data), avatar));
        return ipadsShowingService(tx, id);
      });
      announce(row.account_id, ipads, id);
      return reload(id);
    },

    async start(scope: Scope | null, id: string): Promise<Service> {
      await load(scope, id);
      const started = await db.transaction((tx) => setServiceActive(tx, id, true));
      if (!started) throw new ConflictError(START_ACTIVE_SERVICE_MESSAGE);
      return reload(id);
    },

    async end(scope: Scope | null, id: string): Promise<Service> {
      const row = await load(scope, id);
      const released = await db.transaction(async (tx) => ((await setServiceActive(tx, id, false)) ? releaseIpadsOfService(tx, id) : null));
      if (!released) throw new ConflictError(END_INACTIVE_SERVICE_MESSAGE);
      announce(row.account_id, released, null);
      return reload(id);
    },

    /** Renders the printable QR frame to a PDF blob and answers its URL. */
    async frameToPdf(scope: Scope | null, id: string, svg: string): Promise<string> {
      const row = await load(scope, id);
      const name = readStoredPublicData(row.public_data).deceased_person?.full_name ?? '';
      const pdf = await svgToPdf(svg, `QR code for ${name}`.trim());
      const blobId = await putBlob(db, { contentType: 'application/pdf', bytes: pdf, fileName: 'service-qr-code.pdf' });
      return blobUrl(deps.config.publicUrl, blobId) ?? '';
    },

    /** The guest pages' view; the family PDF only with a live invitation of this service. */
    async getPublic(id: string, invitationId: string | undefined): Promise<Service> {
      const row = await findService(db, id, null);
      if (!row) throw new NotFoundError('Service');
      return wire(row, { isPublic: true, showFamilyPdf: await isLiveInvitation(db, id, invitationId) });
    },

    async qrCode(id: string, size: number): Promise<Buffer> {
      const row = await findService(db, id, null);
      if (!row) throw new NotFoundError('Service');
      return qrPng(signUrl(deps.config.publicUrl, id), size);
    },
  };
}

export type ServicesDomain = ReturnType<typeof servicesDomain>;
