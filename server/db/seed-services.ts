/**
 * Demo services and signatures for a first start: per demo account a few services (one
 * active) with generated portraits, QR signatures and iPad signatures with a drawn signing
 * card, most transcribed (source "demo"), one still waiting, one pre-need, one left out.
 * Images are small SVGs rendered by sharp, so seeding stays well under a second or two.
 */
import sharp from 'sharp';
import type { CropKey, PixelRect } from '../../src/contract/crop-keys';
import { DEMO_TRANSCRIPTION_SOURCE, type GeneratedJson, type SimpleSignature } from '../../src/contract/signatures';
import { putBlob } from '../storage/blobs';
import type { Queryable } from './db';
import { insertTranscription, recomputePreNeed } from './repos/signatures';

interface DemoPerson {
  full_name: string;
  preferred_name: string | null;
  birth_date: string;
  death_date: string;
  colors: [string, string];
}

const DEMO_SERVICES: DemoPerson[][] = [
  [
    { full_name: 'Margaret Ellen Thompson', preferred_name: 'Maggie', birth_date: '1941-03-12', death_date: '2025-01-04', colors: ['#c9d6df', '#52616b'] },
    { full_name: 'Robert James Whitaker', preferred_name: 'Bob', birth_date: '1938-11-02', death_date: '2024-12-18', colors: ['#e3d5ca', '#8d6e63'] },
    { full_name: 'Eleanor Grace Sullivan', preferred_name: null, birth_date: '1950-06-21', death_date: '2024-11-30', colors: ['#d8e2dc', '#5c7457'] },
  ],
  [
    { full_name: 'Harold Benjamin Ortiz', preferred_name: 'Harry', birth_date: '1944-09-08', death_date: '2025-01-09', colors: ['#dfe7fd', '#4a5899'] },
    { full_name: 'Dorothy Mae Collins', preferred_name: 'Dot', birth_date: '1936-02-14', death_date: '2024-12-27', colors: ['#fde2e4', '#9a5b6f'] },
  ],
];

const DEMO_GUESTS: { name: string; relationship: string; phone: string; email: string; line1: string; line2: string }[] = [
  { name: 'Linda Martinez', relationship: 'Neighbor', phone: '(555) 010-4821', email: 'linda.martinez@example.com', line1: '412 Oak Street', line2: 'Springfield, IL 62704' },
  { name: 'James O’Connor', relationship: 'Friend from church', phone: '(555) 010-7730', email: 'jim.oconnor@example.com', line1: '88 Maple Avenue', line2: 'Springfield, IL 62701' },
  { name: 'Patricia Nguyen', relationship: 'Niece', phone: '(555) 010-2299', email: 'pat.nguyen@example.com', line1: '19 Lakeview Drive', line2: 'Decatur, IL 62521' },
  { name: 'Michael Brooks', relationship: 'Former colleague', phone: '(555) 010-6610', email: 'mbrooks@example.com', line1: '2301 Elm Court', line2: 'Peoria, IL 61602' },
  { name: 'Susan Whitfield', relationship: 'Friend', phone: '(555) 010-3345', email: 'susan.w@example.com', line1: '7 Cedar Lane', line2: 'Champaign, IL 61820' },
  { name: 'David Kim', relationship: 'Grandson', phone: '(555) 010-9012', email: 'david.kim@example.com', line1: '140 Pine Road', line2: 'Urbana, IL 61801' },
];

/** The demo card's size: a landscape iPad capture at half resolution (small, quick to render). */
const CARD = { width: 1024, height: 768 } as const;
const FIELD_ORDER: CropKey[] = ['printed_name', 'relationship_to_deceased', 'phone_number', 'email_address', 'mailing_address_line_1', 'mailing_address_line_2'];
const FIELD_LABELS: Record<CropKey, string> = {
  printed_name: 'Printed name',
  relationship_to_deceased: 'Relationship',
  phone_number: 'Phone',
  email_address: 'E-mail',
  mailing_address_line_1: 'Address',
  mailing_address_line_2: 'City, State, ZIP',
  signature_image: 'Signature',
};

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((w, i, all) => i === 0 || i === all.length - 1)
    .map((w) => w[0] ?? '')
    .join('');

/** A tiny deterministic generator, so the demo looks the same on every first start. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

/**
 * A looping pen stroke that reads as a cursive signature at a glance: a prolate cycloid
 * (loops like "eee") whose height wanders, then a flourish underneath.
 */
function squigglePath(x: number, y: number, width: number, height: number, seed: number): string {
  const r = random(seed);
  const loops = 6 + Math.floor(r() * 4);
  const steps = loops * 16;
  const a = width / (loops * 2 * Math.PI);
  const points: string[] = [];
  let amplitude = height * 0.35;
  for (let i = 0; i <= steps; i++) {
    const t = (i / steps) * loops * 2 * Math.PI;
    if (i % 16 === 0) amplitude = height * (0.2 + r() * 0.3);
    const px = x + a * t - a * 1.6 * Math.sin(t);
    const py = y + height * 0.45 - amplitude * Math.cos(t) - (i / steps) * height * 0.1;
    points.push(`${px.toFixed(1)} ${py.toFixed(1)}`);
  }
  const flourish = `M ${x + width * 0.05} ${y + height * 0.95} Q ${x + width * 0.5} ${y + height * 0.75} ${x + width} ${y + height * 0.9}`;
  return `M ${points.join(' L ')} ${flourish}`;
}

async function portraitPng(person: DemoPerson): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    <defs><radialGradient id="g" cx="35%" cy="30%" r="85%"><stop offset="0" stop-color="${person.colors[0]}"/><stop offset="1" stop-color="${person.colors[1]}"/></radialGradient></defs>
    <rect width="512" height="512" fill="url(#g)"/>
    <text x="256" y="300" font-family="DejaVu Serif, serif" font-size="180" fill="#ffffff" fill-opacity="0.9" text-anchor="middle">${escapeXml(initials(person.full_name))}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function fieldRects(): Record<CropKey, PixelRect> {
  const rects = {} as Record<CropKey, PixelRect>;
  FIELD_ORDER.forEach((key, i) => (rects[key] = { x: 60, y: 150 + i * 78, width: 600, height: 64 }));
  rects.signature_image = { x: 700, y: 150, width: 280, height: 440 };
  return rects;
}

async function cardPng(deceased: string, guest: (typeof DEMO_GUESTS)[number], planning: boolean, seed: number): Promise<Buffer> {
  const rects = fieldRects();
  const values = [guest.name, guest.relationship, guest.phone, guest.email, guest.line1, guest.line2];
  const fields = FIELD_ORDER.map((key, i) => {
    const r = rects[key];
    const tilt = ((seed + i) % 5) - 2;
    return `<text x="${r.x}" y="${r.y + 14}" font-family="DejaVu Sans, sans-serif" font-size="14" fill="#7a7a7a">${FIELD_LABELS[key]}</text>
      <line x1="${r.x}" y1="${r.y + r.height}" x2="${r.x + r.width}" y2="${r.y + r.height}" stroke="#c8c8c8" stroke-width="2"/>
      <text x="${r.x + 8}" y="${r.y + 52}" transform="rotate(${tilt * 0.4} ${r.x} ${r.y + 52})" font-family="DejaVu Serif, serif" font-style="italic" font-size="30" fill="#1d2a6b">${escapeXml(values[i] ?? '')}</text>`;
  }).join('');
  const sig = rects.signature_image;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD.width}" height="${CARD.height}">
    <rect width="100%" height="100%" fill="#f4f1ea"/><rect x="24" y="24" width="${CARD.width - 48}" height="${CARD.height - 48}" rx="18" fill="#ffffff"/>
    <text x="60" y="96" font-family="DejaVu Serif, serif" font-size="30" fill="#333">In loving memory of ${escapeXml(deceased)}</text>
    ${fields}
    <text x="${sig.x}" y="${sig.y + 14}" font-family="DejaVu Sans, sans-serif" font-size="14" fill="#7a7a7a">Signature</text>
    <rect x="${sig.x}" y="${sig.y + 24}" width="${sig.width}" height="${sig.height - 24}" rx="10" fill="none" stroke="#c8c8c8" stroke-width="2"/>
    <path d="${squigglePath(sig.x + 20, sig.y + 160, sig.width - 40, 120, seed)}" fill="none" stroke="#1d2a6b" stroke-width="4" stroke-linecap="round"/>
    <rect x="60" y="${CARD.height - 110}" width="26" height="26" rx="4" fill="${planning ? '#1d2a6b' : '#ffffff'}" stroke="#1d2a6b" stroke-width="2"/>
    <text x="100" y="${CARD.height - 90}" font-family="DejaVu Sans, sans-serif" font-size="18" fill="#333">I would like information on funeral planning</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function rawSignaturePng(seed: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="560" height="200">
    <path d="${squigglePath(30, 40, 500, 120, seed)}" fill="none" stroke="#000" stroke-width="5" stroke-linecap="round"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function demoIpad(tx: Queryable, accountId: string, activeServiceId: string): Promise<string> {
  const existing = await tx.query<{ id: string }>('SELECT id FROM ipads WHERE account_id = $1 ORDER BY inserted_at LIMIT 1', [accountId]);
  if (existing[0]) return existing[0].id;
  const rows = await tx.query<{ id: string }>(
    `INSERT INTO ipads (account_id, public_data, active_service_id) VALUES ($1, $2, $3) RETURNING id`,
    [accountId, JSON.stringify({ ipad_name: 'Chapel entrance iPad' }), activeServiceId],
  );
  return rows[0]!.id;
}

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);

export async function seedServices(tx: Queryable, ctx: { accountIds: string[] }): Promise<void> {
  for (const [accountIndex, accountId] of ctx.accountIds.entries()) {
    const people = DEMO_SERVICES[accountIndex % DEMO_SERVICES.length] ?? [];
    const serviceIds: string[] = [];
    for (const [i, person] of people.entries()) {
      const photo = await putBlob(tx, { contentType: 'image/png', bytes: await portraitPng(person), fileName: 'deceased-person.png' });
      const { colors: _colors, ...deceased } = person;
      const rows = await tx.query<{ id: string }>(
        'INSERT INTO services (account_id, is_active, public_data, inserted_at, updated_at) VALUES ($1, $2, $3, $4, $4) RETURNING id',
        [accountId, i === 0, JSON.stringify({ deceased_person: { ...deceased, avatar_blob_id: photo }, advanced_planning_check_is_hidden: false }), hoursAgo(72 + i * 240)],
      );
      const id = rows[0]!.id;
      serviceIds.push(id);
      if (i === 0) await tx.query("INSERT INTO service_log_items (service_id, kind, inserted_at, updated_at) VALUES ($1, 'start', $2, $2)", [id, hoursAgo(70)]);
    }
    const [active, older] = serviceIds;
    if (!active) continue;
    const ipadId = await demoIpad(tx, accountId, active);
    const deceased = people[0]!.full_name;

    // QR signatures: the first one asks about planning ahead (pre-need).
    for (const [i, guest] of DEMO_GUESTS.slice(0, 2).entries()) {
      const simple: SimpleSignature = {
        full_name: guest.name,
        phone_number: guest.phone,
        email_address: guest.email,
        mailing_address_line1: guest.line1,
        mailing_address_line2: guest.line2,
        interested_in_planning_ahead: i === 0,
      };
      const rows = await tx.query<{ id: string }>(
        "INSERT INTO signatures (account_id, service_id, kind, public_data, inserted_at, updated_at) VALUES ($1, $2, 'qr', $3, $4, $4) RETURNING id",
        [accountId, i === 0 ? active : (older ?? active), JSON.stringify({ based_on_simple_signature: simple }), hoursAgo(30 - i * 5)],
      );
      await recomputePreNeed(tx, rows[0]!.id);
    }

    // iPad signatures: transcribed by "demo" except the last, which waits; the third is left out.
    for (const [i, guest] of DEMO_GUESTS.slice(2).entries()) {
      const seed = accountIndex * 100 + i + 1;
      const capture = await putBlob(tx, { contentType: 'image/png', bytes: await cardPng(deceased, guest, false, seed), fileName: 'screen-capture.png' });
      const raw = await putBlob(tx, { contentType: 'image/png', bytes: await rawSignaturePng(seed), fileName: 'signature.png' });
      const rows = await tx.query<{ id: string }>(
        `INSERT INTO signatures (account_id, service_id, kind, created_by_ipad_id, public_data, capture_width, capture_height, field_rects,
                                 screen_capture_blob_id, raw_signature_blob_id, leave_signature_out_of_printed_pdf_and_books, inserted_at, updated_at)
         VALUES ($1, $2, 'ipad', $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id`,
        [accountId, active, ipadId, JSON.stringify({ receive_information_on_advance_planning: false }), CARD.width, CARD.height, JSON.stringify(fieldRects()), capture, raw, i === 2, hoursAgo(20 - i * 4)],
      );
      const id = rows[0]!.id;
      const isPending = i === DEMO_GUESTS.length - 3;
      if (isPending) continue;
      const json: GeneratedJson = {
        name: guest.name,
        relationship: guest.relationship,
        email: guest.email,
        phone_number: guest.phone,
        mailing_address_line_1: guest.line1,
        mailing_address_line_2: guest.line2,
        receive_information_on_advance_planning: false,
        keep_signature_private: false,
      };
      await insertTranscription(tx, id, DEMO_TRANSCRIPTION_SOURCE, json);
    }
    await tx.query('UPDATE accounts SET last_service_at = $2, last_signature_at = $3 WHERE id = $1', [accountId, hoursAgo(72), hoursAgo(8)]);
  }
}
