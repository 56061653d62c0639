/**
 * The entity, body and endpoint schemas of devices, family, books, orders, management and
 * registry: realistic examples pass, a missing member or bad input fails, ids and paths are sane.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { booksEndpoints, BookSchema, CreateBookBodySchema } from '../../src/contract/books';
import { CROP_KEYS, CropKeySchema } from '../../src/contract/crop-keys';
import {
  ConfirmIpadSetupCodeBodySchema,
  devicesEndpoints,
  IPAD_SETUP_CODE_ALPHABET,
  IPAD_SETUP_CODE_LENGTH,
  IpadDetailsSchema,
  IpadSchema,
  IpadSetupTokenSchema,
  isIpadSetupCode,
  KioskMeResponseSchema,
  KioskServiceSchema,
  KioskTokenResponseSchema,
  MAX_PNG_BASE64_LENGTH,
  MAX_POINTS_PER_STROKE,
  MAX_STROKES_PER_FIELD,
  UploadKioskSignatureBodySchema,
} from '../../src/contract/devices';
import type { Endpoint } from '../../src/contract/endpoint';
import { AddFamilyMemberBodySchema, familyEndpoints, FamilyMemberSchema, GenerateServicePdfBodySchema } from '../../src/contract/family';
import {
  AddUserFormSchema,
  AddUserToAccountBodySchema,
  CreateAccountBodySchema,
  CropSchema,
  CropValuesSchema,
  LinkFrmResponseSchema,
  managementEndpoints,
  specificResolution,
  UpdateCropValuesBodySchema,
} from '../../src/contract/management';
import {
  BOOK_QUANTITY_MAX,
  CreatePrintJobBodySchema,
  EstimatePrintJobCostBodySchema,
  ordersEndpoints,
  QuoteSchema,
  ShippingAddressSchema,
  ShippingOptionSchema,
  US_STATE_CODES,
} from '../../src/contract/orders';
import { RegistrationRequestBodySchema, registryEndpoints } from '../../src/contract/registry';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = '2024-05-01T14:03:22.123Z';

/** Deletes one member (by dotted path) from a deep copy. */
function without(value: unknown, path: string): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  const keys = path.split('.');
  let node = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  delete node[keys[keys.length - 1]!];
  return copy;
}

function expectAccepts(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  expect(result.error?.issues ?? []).toEqual([]);
}
const expectRejects = (schema: z.ZodType, value: unknown) => expect(schema.safeParse(value).success).toBe(false);

// ---------------------------------------------------------------------------------------------
// Realistic examples

const account = { unique_identifier: id(1), name: 'Harbor Light Funeral Home' };
const ipad = {
  inserted_at: at,
  updated_at: at,
  unique_identifier: id(2),
  public_data: { ipad_name: 'Chapel entrance' },
  private_data: {},
  account,
  active_service: { unique_identifier: id(3), public_data: { deceased_person: { full_name: 'Margaret Ann Doyle' } } },
};
const ipadDetails = { ...ipad, ipad_is_enabled: true, last_seen_online_at: null, has_been_setup: false };
const setupToken = {
  inserted_at: at,
  updated_at: at,
  unique_identifier: id(4),
  short_unique_identifier: '7KQ2MZ9P',
  ipad_setup_token_is_enabled: true,
  qr_code_url: 'https://guestbook.example.com/auth/login?setup=7KQ2MZ9P',
  expires_at: '2024-05-02T14:03:22.123Z',
  ipad,
};
const kioskService = {
  unique_identifier: id(3),
  account,
  public_data: {
    deceased_person: {
      full_name: 'Margaret Ann Doyle',
      preferred_name: 'Peggy',
      birth_date: '1941-03-09',
      death_date: '2024-04-27',
      avatar_url: 'https://guestbook.example.com/api/v1/app/files/abc',
    },
    advanced_planning_check_text: 'I would like information on funeral planning',
    advanced_planning_check_is_hidden: false,
  },
};
const familyMember = {
  inserted_at: at,
  updated_at: at,
  unique_identifier: id(5),
  service: { unique_identifier: id(3) },
  full_name: 'Thomas Doyle',
  email_address: 'tom.doyle@example.com',
  phone_number: null,
  relationship_to_deceased: 'Son',
  public_data: {},
};
const book = {
  unique_identifier: id(6),
  inserted_at: at,
  service: {
    unique_identifier: id(3),
    public_data: { deceased_person: { full_name: 'Margaret Ann Doyle', birth_date: '1941-03-09', death_date: '2024-04-27', avatar_url: null } },
  },
  public_data: {
    status: 'ready',
    preview_cover_url: 'https://guestbook.example.com/api/v1/app/files/cover-preview',
    output_urls: {
      final_url_for_cover: 'https://guestbook.example.com/api/v1/app/files/cover',
      final_url_for_interior: 'https://guestbook.example.com/api/v1/app/files/interior',
    },
    lulu_order_id: null,
  },
};
const address = {
  name: 'Thomas Doyle',
  address_line_1: '101 Independence Ave SE',
  city: 'Washington',
  state: 'DC',
  zip_code: '20540',
  phone_number: '+1 206 555 0100',
  email_address: 'tom.doyle@example.com',
};
const cost = { tax_rate: '0.06', total_cost_excl_tax: '318.44', total_cost_incl_tax: '337.55', total_tax: '19.11' };
const quote = {
  currency: 'USD',
  fulfillment_cost: { tax_rate: '0.06', total_cost_excl_tax: '0.75', total_cost_incl_tax: '0.80', total_tax: '0.05' },
  line_item_costs: [{ quantity: 3, total_cost_excl_tax: '51.00', total_cost_incl_tax: '54.06', total_tax: '3.06', tax_rate: '0.060000' }],
  shipping_cost: cost,
  total_cost_excl_tax: '370.19',
  total_cost_incl_tax: '392.41',
  total_discount_amount: '0.00',
  total_tax: '22.22',
};
const shippingOption = {
  id: '41987',
  level: 'EXPRESS',
  carrier_service_name: 'FedEx Priority Overnight',
  cost_excl_tax: '31.24',
  currency: 'USD',
  is_active: true,
  min_delivery_date: '2024-05-08',
  max_delivery_date: '2024-05-10',
  min_dispatch_date: '2024-05-06',
  max_dispatch_date: '2024-05-07',
  total_days_min: 4,
  total_days_max: 6,
  transit_time: 1,
  business_only: false,
  home_only: false,
  postbox_ok: false,
  traceable: true,
};
const cropValue = {
  percent_values: { x: 10, y: 20.5, width: 40, height: 8 },
  resulting_crop: { x: 204.8, y: 314.9, width: 819.2, height: 122.9 },
  item_is_disabled: false,
};
const cropValues = Object.fromEntries(CROP_KEYS.map((key) => [key, key === 'mailing_address_line_2' ? null : cropValue]));
const crop = {
  unique_identifier: id(7),
  specific_resolution: '2048x1536',
  inserted_at: at,
  updated_at: at,
  account: null,
  latest_signature: { inserted_at: at, public_data: { screen_capture_url: 'https://guestbook.example.com/api/v1/app/files/capture' } },
  public_data: { crop_values: cropValues },
};

describe('entities accept a realistic example and reject a missing required member', () => {
  const cases: [string, z.ZodType, unknown, string][] = [
    ['Ipad', IpadSchema, ipad, 'public_data.ipad_name'],
    ['Ipad (active_service must be present, null allowed)', IpadSchema, { ...ipad, active_service: null }, 'active_service'],
    ['IpadDetails', IpadDetailsSchema, ipadDetails, 'has_been_setup'],
    ['IpadSetupToken', IpadSetupTokenSchema, setupToken, 'qr_code_url'],
    ['KioskService', KioskServiceSchema, kioskService, 'public_data.deceased_person.full_name'],
    ['KioskMe', KioskMeResponseSchema, { ipad, active_service: kioskService }, 'active_service'],
    ['FamilyMember', FamilyMemberSchema, familyMember, 'email_address'],
    ['Book', BookSchema, book, 'public_data.status'],
    ['ShippingAddress', ShippingAddressSchema, address, 'zip_code'],
    ['Quote', QuoteSchema, quote, 'total_cost_incl_tax'],
    ['ShippingOption', ShippingOptionSchema, shippingOption, 'traceable'],
    ['Crop', CropSchema, crop, 'specific_resolution'],
    ['Crop (crop_values may be null, not missing)', CropSchema, { ...crop, public_data: { crop_values: null } }, 'public_data.crop_values'],
  ];
  it.each(cases)('%s', (_name, schema, example, member) => {
    expectAccepts(schema, example);
    expectRejects(schema, without(example, member));
  });

  it('a kiosk sign-in answers the kiosk role and its iPad', () => {
    expectAccepts(KioskTokenResponseSchema, { api_token: 'x'.repeat(43), role: 'kiosk', ipad });
    expectRejects(KioskTokenResponseSchema, { api_token: 'x'.repeat(43), role: 'staff', ipad });
  });

  it('book statuses are closed and crop maps need every key', () => {
    expectRejects(BookSchema, { ...book, public_data: { ...book.public_data, status: 'shipped' } });
    expectRejects(CropValuesSchema, without(cropValues, 'signature_image'));
    expectRejects(CropValuesSchema, { ...cropValues, extra_field: null });
    expectAccepts(UpdateCropValuesBodySchema, { crop_values: cropValues });
    expect(specificResolution(2048, 1536)).toBe('2048x1536');
  });

  it('the FRM result must be an object', () => {
    expectAccepts(LinkFrmResponseSchema, { result: { locationId: 'abc', scope: 'contacts.write' } });
    expectRejects(LinkFrmResponseSchema, { result: 'ok' });
  });
});

// ---------------------------------------------------------------------------------------------
// Bodies

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const rect = (row: number) => ({ x: 100, y: 100 + row * 180, width: 1800, height: 150 });
const stroke = (points: number) => ({
  pointer_type: 'pen',
  points: Array.from({ length: points }, (_, i) => [i * 0.5, 40 + Math.sin(i), 0.42, i * 8]),
});
const upload = {
  client_id: id(10),
  service_unique_identifier: id(3),
  captured_at: at,
  capture_width: 2048,
  capture_height: 1536,
  field_rects: Object.fromEntries(CROP_KEYS.map((key, row) => [key, rect(row)])),
  stroke_format: 1,
  strokes: { printed_name: [stroke(60), stroke(25)], signature_image: [{ ...stroke(120), pointer_type: 'touch' }] },
  receive_information_on_advance_planning: true,
  screen_capture_png: PNG,
  raw_signature_png: PNG,
};

describe('kiosk upload body', () => {
  it('accepts a realistic signature card', () => expectAccepts(UploadKioskSignatureBodySchema, upload));

  it('rejects a stroke with too many points', () => {
    expectRejects(UploadKioskSignatureBodySchema, { ...upload, strokes: { printed_name: [stroke(MAX_POINTS_PER_STROKE + 1)] } });
    expectAccepts(UploadKioskSignatureBodySchema, { ...upload, strokes: { printed_name: [stroke(MAX_POINTS_PER_STROKE)] } });
  });

  it('rejects too many strokes in a field, an unknown field, a bad pointer or pressure', () => {
    expectRejects(UploadKioskSignatureBodySchema, { ...upload, strokes: { printed_name: Array.from({ length: MAX_STROKES_PER_FIELD + 1 }, () => stroke(2)) } });
    expectRejects(UploadKioskSignatureBodySchema, { ...upload, strokes: { favourite_hymn: [stroke(3)] } });
    expectRejects(UploadKioskSignatureBodySchema, { ...upload, strokes: { printed_name: [{ ...stroke(3), pointer_type: 'finger' }] } });
    expectRejects(UploadKioskSignatureBodySchema, { ...upload, strokes: { printed_name: [{ pointer_type: 'pen', points: [[1, 2, 1.5, 0]] }] } });
    expectRejects(UploadKioskSignatureBodySchema, { ...upload, strokes: { printed_name: [{ pointer_type: 'pen', points: [[1, 2, 0.5]] }] } });
  });

  it('rejects an empty card, a missing field rectangle, one outside the capture, an unknown stroke format', () => {
    expectRejects(UploadKioskSignatureBodySchema, { ...upload, strokes: {} });
    expectRejects(UploadKioskSignatureBodySchema, without(upload, 'field_rects.signature_image'));
    expectRejects(UploadKioskSignatureBodySchema, { ...upload, field_rects: { ...upload.field_rects, printed_name: { x: 1000, y: 0, width: 1200, height: 100 } } });
    expectRejects(UploadKioskSignatureBodySchema, { ...upload, stroke_format: 2 });
    expectRejects(UploadKioskSignatureBodySchema, { ...upload, client_id: 'retry-1' });
  });

  it('rejects images that are not base64 PNGs or are too large', () => {
    expectRejects(UploadKioskSignatureBodySchema, { ...upload, screen_capture_png: `data:image/png;base64,${PNG}` });
    expectRejects(UploadKioskSignatureBodySchema, { ...upload, raw_signature_png: '/9j/4AAQSkZJRgABAQ==' });
    expectRejects(UploadKioskSignatureBodySchema, { ...upload, screen_capture_png: PNG.slice(0, 12) + 'A'.repeat(MAX_PNG_BASE64_LENGTH) });
  });
});

describe('setup codes', () => {
  it('are 8 characters of the unambiguous alphabet, typed loosely', () => {
    expect(IPAD_SETUP_CODE_LENGTH).toBe(8);
    expect(IPAD_SETUP_CODE_ALPHABET).not.toMatch(/[01ILO]/);
    expect(ConfirmIpadSetupCodeBodySchema.parse({ code: ' 7kq2-mz9p ' })).toEqual({ code: '7KQ2MZ9P' });
    expectRejects(ConfirmIpadSetupCodeBodySchema, { code: '7KQ2MZ9O' });
    expectRejects(ConfirmIpadSetupCodeBodySchema, { code: '7KQ2MZ9' });
    expect(isIpadSetupCode('7kq2 mz9p')).toBe(true);
    expect(isIpadSetupCode('ann@example.com')).toBe(false);
  });
});

describe('staff bodies', () => {
  it('family members need a name and a valid e-mail; phone and relationship are optional', () => {
    expect(AddFamilyMemberBodySchema.parse({ full_name: ' Thomas Doyle ', email_address: 'Tom@Example.com', phone_number: '', relationship: 'Son' })).toEqual({
      full_name: 'Thomas Doyle',
      email_address: 'tom@example.com',
      phone_number: undefined,
      relationship: 'Son',
    });
    expectRejects(AddFamilyMemberBodySchema, { full_name: 'Thomas Doyle', email_address: 'tom.doyle@' });
    expectRejects(AddFamilyMemberBodySchema, { full_name: '   ', email_address: 'tom@example.com' });
  });

  it('the service PDF is always the digital download, the book never', () => {
    expectAccepts(GenerateServicePdfBodySchema, { service_unique_id: id(3), create_pdf_for_digital_download: true });
    expectRejects(GenerateServicePdfBodySchema, { service_unique_id: id(3), create_pdf_for_digital_download: false });
    expectAccepts(CreateBookBodySchema, { service_unique_id: id(3), create_pdf_for_digital_download: false });
    expectRejects(CreateBookBodySchema, { create_pdf_for_digital_download: false });
  });

  it('orders take 1 to 5 books to a valid US address', () => {
    const order = { service_generated_book_unique_identifier: id(6), quantity_of_books: 3, shipping_option: 'EXPRESS', shipping_address: address };
    expectAccepts(CreatePrintJobBodySchema, order);
    expectRejects(CreatePrintJobBodySchema, { ...order, quantity_of_books: BOOK_QUANTITY_MAX + 1 });
    expectRejects(CreatePrintJobBodySchema, { ...order, quantity_of_books: 0 });
    expectRejects(CreatePrintJobBodySchema, { ...order, shipping_option: 'TELEPORT' });
    expectRejects(EstimatePrintJobCostBodySchema, { service_unique_identifier: id(3), quantity_of_books: 6, shipping_option: 'MAIL', shipping_address: address });
    expectRejects(ShippingAddressSchema, { ...address, email_address: 'not-an-email' });
    expectRejects(ShippingAddressSchema, { ...address, state: 'ZZ' });
    expectRejects(ShippingAddressSchema, { ...address, zip_code: '2054' });
    expectAccepts(ShippingAddressSchema, { ...address, state: 'AE', zip_code: '09001-1234', address_line_2: 'Unit 4' });
    expect(US_STATE_CODES.map((s) => s.code)).toEqual(expect.arrayContaining(['CA', 'DC', 'PR', 'GU', 'AA', 'AE', 'AP']));
    expect(new Set(US_STATE_CODES.map((s) => s.code)).size).toBe(US_STATE_CODES.length);
  });

  it('accounts need a name; the obituary link and logo must be http(s) URLs when given', () => {
    expectAccepts(CreateAccountBodySchema, {
      account_name: 'Harbor Light Funeral Home',
      public_data_link_to_obituary_listing: 'https://harborlight.example.com/obituaries',
      public_data_downloadable_pdf_last_page_logo_url: 'https://harborlight.example.com/logo.png',
      public_data_downloadable_pdf_background_color_hex: '#f5f0e6',
      public_data_obituary_detail_avatar_url_xpath_selector: '',
    });
    expectAccepts(CreateAccountBodySchema, { account_name: 'Harbor Light', public_data_link_to_obituary_listing: '' });
    expectRejects(CreateAccountBodySchema, { account_name: '' });
    expectRejects(CreateAccountBodySchema, { account_name: 'Harbor Light', public_data_link_to_obituary_listing: 'ftp://harborlight.example.com' });
    expectRejects(CreateAccountBodySchema, { account_name: 'Harbor Light', public_data_link_to_obituary_listing: 'javascript:alert(1)' });
    expectRejects(CreateAccountBodySchema, { account_name: 'Harbor Light', public_data_link_to_obituary_listing: 'harborlight.example.com' });
    expectRejects(CreateAccountBodySchema, { account_name: 'Harbor Light', public_data_downloadable_pdf_last_page_logo_url: 'logo.png' });
    expectRejects(CreateAccountBodySchema, { account_name: 'Harbor Light', public_data_downloadable_pdf_text_color_hex: 'blue' });
  });

  it('users need a valid e-mail and a name; the global form also an account', () => {
    expect(AddUserToAccountBodySchema.parse({ user_email: 'ann@example.com', user_full_name: 'Ann Lee' }).send_welcome_email).toBe(true);
    expectRejects(AddUserToAccountBodySchema, { user_email: 'ann@', user_full_name: 'Ann Lee' });
    expectRejects(AddUserToAccountBodySchema, { user_email: 'ann@example.com', user_full_name: '' });
    expectRejects(AddUserFormSchema, { user_email: 'ann@example.com', user_full_name: 'Ann Lee', account_unique_identifier: '' });
    expectAccepts(AddUserFormSchema, { user_email: 'ann@example.com', user_full_name: 'Ann Lee', account_unique_identifier: id(1) });
  });

  it('registration requests need all five fields and a valid e-mail', () => {
    const request = { name: 'Jo Park', phoneNumber: '555-010-0000', emailAddress: 'jo@parkfh.example.com', funeralHomeName: 'Park Funeral Home', funeralHomeCityState: 'Austin, TX' };
    expectAccepts(RegistrationRequestBodySchema, request);
    expectRejects(RegistrationRequestBodySchema, { ...request, emailAddress: 'jo at park' });
    for (const key of Object.keys(request)) expectRejects(RegistrationRequestBodySchema, without(request, key));
  });
});

// ---------------------------------------------------------------------------------------------
// Endpoints

const areas = {
  devices: devicesEndpoints,
  family: familyEndpoints,
  books: booksEndpoints,
  orders: ordersEndpoints,
  management: managementEndpoints,
  registry: registryEndpoints,
} satisfies Record<string, Record<string, Endpoint>>;
const all: [string, Endpoint][] = Object.entries(areas).flatMap(([area, eps]) => Object.values(eps).map((ep): [string, Endpoint] => [area, ep]));

describe('endpoints', () => {
  it('have unique ids named `area.verb` after their file', () => {
    const ids = all.map(([, ep]) => ep.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [area, ep] of all) expect(ep.id).toMatch(new RegExp(`^${area}\\.[a-z][A-Za-z]+$`));
  });

  it('have unique method + path, under /anon/, /authenticated/ or /ipad/, matching their auth', () => {
    const routes = all.map(([, ep]) => `${ep.method} ${ep.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    for (const [, ep] of all) {
      expect(ep.path).toMatch(/^\/(anon|authenticated|ipad)\//);
      expect(ep.path.split('/')[1]).toBe(ep.auth);
    }
  });

  it('declare a params schema for every :placeholder', () => {
    for (const [, ep] of all) {
      const names = [...ep.path.matchAll(/:([a-zA-Z_]+)/g)].map((m) => m[1]);
      const shape = (ep.params as unknown as { shape?: Record<string, unknown> }).shape ?? {};
      expect(Object.keys(shape).sort(), ep.id).toEqual(names.sort());
    }
  });

  it('use the crop keys of crop-keys.ts', () => {
    expect(CropKeySchema.options).toEqual([...CROP_KEYS]);
    expect(CROP_KEYS).toHaveLength(7);
  });
});
