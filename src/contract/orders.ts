/**
 * Ordering printed books through Lulu (spec 001 sections 3, 5 and 7): shipping options, a cost
 * quote, then the print job. Money values are Lulu's decimal strings ("54.06"), never floats.
 */
import { z } from 'zod';
import { EmailSchema } from './auth';
import { IdSchema, optionalText } from './common';
import { LuluPrintJobIdSchema } from './books';
import { endpoint } from './endpoint';

/** Quantity choices of the ordering form (spec 001 section 9). */
export const BOOK_QUANTITY_MIN = 1;
export const BOOK_QUANTITY_MAX = 5;
export const BOOK_QUANTITY_DEFAULT = 3;

/** Lulu's shipping levels; the spec's default option is EXPRESS. */
export const SHIPPING_LEVELS = ['MAIL', 'PRIORITY_MAIL', 'GROUND_HD', 'GROUND_BUS', 'GROUND', 'EXPEDITED', 'EXPRESS'] as const;
export const ShippingLevelSchema = z.enum(SHIPPING_LEVELS);
export type ShippingLevel = z.infer<typeof ShippingLevelSchema>;
export const DEFAULT_SHIPPING_LEVEL: ShippingLevel = 'EXPRESS';

/** Books ship to US addresses only (spec 001 section 1). */
export const SHIPPING_COUNTRY_CODE = 'US';

/** USPS codes: the states, DC, the inhabited territories and the armed-forces "states". */
export const US_STATE_CODES = [
  { code: 'AL', label: 'Alabama' },
  { code: 'AK', label: 'Alaska' },
  { code: 'AZ', label: 'Arizona' },
  { code: 'AR', label: 'Arkansas' },
  { code: 'CA', label: 'California' },
  { code: 'CO', label: 'Colorado' },
  { code: 'CT', label: 'Connecticut' },
  { code: 'DE', label: 'Delaware' },
  { code: 'DC', label: 'District of Columbia' },
  { code: 'FL', label: 'Florida' },
  { code: 'GA', label: 'Georgia' },
  { code: 'HI', label: 'Hawaii' },
  { code: 'ID', label: 'Idaho' },
  { code: 'IL', label: 'Illinois' },
  { code: 'IN', label: 'Indiana' },
  { code: 'IA', label: 'Iowa' },
  { code: 'KS', label: 'Kansas' },
  { code: 'KY', label: 'Kentucky' },
  { code: 'LA', label: 'Louisiana' },
  { code: 'ME', label: 'Maine' },
  { code: 'MD', label: 'Maryland' },
  { code: 'MA', label: 'Massachusetts' },
  { code: 'MI', label: 'Michigan' },
  { code: 'MN', label: 'Minnesota' },
  { code: 'MS', label: 'Mississippi' },
  { code: 'MO', label: 'Missouri' },
  { code: 'MT', label: 'Montana' },
  { code: 'NE', label: 'Nebraska' },
  { code: 'NV', label: 'Nevada' },
  { code: 'NH', label: 'New Hampshire' },
  { code: 'NJ', label: 'New Jersey' },
  { code: 'NM', label: 'New Mexico' },
  { code: 'NY', label: 'New York' },
  { code: 'NC', label: 'North Carolina' },
  { code: 'ND', label: 'North Dakota' },
  { code: 'OH', label: 'Ohio' },
  { code: 'OK', label: 'Oklahoma' },
  { code: 'OR', label: 'Oregon' },
  { code: 'PA', label: 'Pennsylvania' },
  { code: 'RI', label: 'Rhode Island' },
  { code: 'SC', label: 'South Carolina' },
  { code: 'SD', label: 'South Dakota' },
  { code: 'TN', label: 'Tennessee' },
  { code: 'TX', label: 'Texas' },
  { code: 'UT', label: 'Utah' },
  { code: 'VT', label: 'Vermont' },
  { code: 'VA', label: 'Virginia' },
  { code: 'WA', label: 'Washington' },
  { code: 'WV', label: 'West Virginia' },
  { code: 'WI', label: 'Wisconsin' },
  { code: 'WY', label: 'Wyoming' },
  { code: 'AS', label: 'American Samoa' },
  { code: 'GU', label: 'Guam' },
  { code: 'MP', label: 'Northern Mariana Islands' },
  { code: 'PR', label: 'Puerto Rico' },
  { code: 'VI', label: 'U.S. Virgin Islands' },
  { code: 'AA', label: 'Armed Forces Americas' },
  { code: 'AE', label: 'Armed Forces Europe, Middle East, Africa and Canada' },
  { code: 'AP', label: 'Armed Forces Pacific' },
] as const;
export type UsStateCode = (typeof US_STATE_CODES)[number]['code'];
export const UsStateCodeSchema = z.enum(US_STATE_CODES.map((s) => s.code) as [UsStateCode, ...UsStateCode[]], {
  error: 'Select a state',
});

/** Address lines and names: Lulu's print-job address fields stay well under this. */
const ADDRESS_TEXT_MAX_LENGTH = 200;
/** Lulu's own phone rule for print-job addresses (it refuses anything else). */
const LULU_PHONE_PATTERN = /^\+?[\d\s\-./()]{8,20}$/;
/** ZIP or ZIP+4. */
const ZIP_CODE_PATTERN = /^\d{5}(-\d{4})?$/;

const requiredText = (label: string) => z.string().trim().min(1, `${label} is required.`).max(ADDRESS_TEXT_MAX_LENGTH);

export const ShippingAddressSchema = z.object({
  name: requiredText('Recipient name'),
  address_line_1: requiredText('Address line 1'),
  address_line_2: optionalText(ADDRESS_TEXT_MAX_LENGTH),
  city: requiredText('City'),
  state: UsStateCodeSchema,
  zip_code: z.string().trim().regex(ZIP_CODE_PATTERN, 'Enter a 5-digit ZIP code.'),
  phone_number: z.string().trim().regex(LULU_PHONE_PATTERN, 'Enter a phone number of 8 to 20 digits.'),
  email_address: EmailSchema,
});
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

export const QuantityOfBooksSchema = z.number().int().min(BOOK_QUANTITY_MIN).max(BOOK_QUANTITY_MAX);

/** Lulu's decimal money strings. */
export const MoneySchema = z.string().regex(/^-?\d+(\.\d+)?$/);

export const CostBreakdownSchema = z.object({
  tax_rate: MoneySchema.nullish(),
  total_cost_excl_tax: MoneySchema,
  total_cost_incl_tax: MoneySchema,
  total_tax: MoneySchema,
});
export type CostBreakdown = z.infer<typeof CostBreakdownSchema>;

/** We quote one line item (the book); the screen refuses any other count. Lulu returns few. */
const MAX_QUOTE_LINE_ITEMS = 20;

export const QuoteSchema = z.object({
  currency: z.string().length(3),
  fulfillment_cost: CostBreakdownSchema.nullable(),
  line_item_costs: z.array(CostBreakdownSchema.extend({ quantity: z.number().int().nullish() })).max(MAX_QUOTE_LINE_ITEMS),
  shipping_cost: CostBreakdownSchema,
  total_cost_excl_tax: MoneySchema,
  total_cost_incl_tax: MoneySchema,
  total_discount_amount: MoneySchema,
  total_tax: MoneySchema,
});
export type Quote = z.infer<typeof QuoteSchema>;

/** Lulu sends delivery and dispatch dates as dates or date-times; the screen shows month and day. */
const LuluDateSchema = z.string().max(40).nullable();

export const ShippingOptionSchema = z.object({
  /** Lulu numbers its options; carried as text like every provider id. */
  id: z.string().min(1).max(64),
  level: ShippingLevelSchema,
  carrier_service_name: z.string().nullable(),
  cost_excl_tax: MoneySchema,
  currency: z.string().length(3),
  is_active: z.boolean(),
  min_delivery_date: LuluDateSchema,
  max_delivery_date: LuluDateSchema,
  min_dispatch_date: LuluDateSchema,
  max_dispatch_date: LuluDateSchema,
  total_days_min: z.number().int().nullable(),
  total_days_max: z.number().int().nullable(),
  transit_time: z.number().nullable(),
  business_only: z.boolean(),
  home_only: z.boolean(),
  postbox_ok: z.boolean(),
  traceable: z.boolean(),
});
export type ShippingOption = z.infer<typeof ShippingOptionSchema>;

/** Lulu answers at most one option per level; a small cap keeps the answer bounded. */
const MAX_SHIPPING_OPTIONS = 50;

export const EstimateShippingOptionsBodySchema = z.object({
  service_unique_identifier: IdSchema,
  quantity_of_books: QuantityOfBooksSchema,
  shipping_address: ShippingAddressSchema,
});
export type EstimateShippingOptionsBody = z.infer<typeof EstimateShippingOptionsBodySchema>;

export const EstimatePrintJobCostBodySchema = EstimateShippingOptionsBodySchema.extend({
  shipping_option: ShippingLevelSchema,
});
export type EstimatePrintJobCostBody = z.infer<typeof EstimatePrintJobCostBodySchema>;

export const CreatePrintJobBodySchema = z.object({
  service_generated_book_unique_identifier: IdSchema,
  quantity_of_books: QuantityOfBooksSchema,
  shipping_option: ShippingLevelSchema,
  shipping_address: ShippingAddressSchema,
});
export type CreatePrintJobBody = z.infer<typeof CreatePrintJobBodySchema>;

export const ShippingOptionsResponseSchema = z.object({ options: z.array(ShippingOptionSchema).max(MAX_SHIPPING_OPTIONS) });
export type ShippingOptionsResponse = z.infer<typeof ShippingOptionsResponseSchema>;
export const EstimatedCostResponseSchema = z.object({ estimated_cost: QuoteSchema });
export type EstimatedCostResponse = z.infer<typeof EstimatedCostResponseSchema>;
export const CreatePrintJobResponseSchema = z.object({ lulu_print_job_id: LuluPrintJobIdSchema });
export type CreatePrintJobResponse = z.infer<typeof CreatePrintJobResponseSchema>;

export const ordersEndpoints = {
  estimateShippingOptions: endpoint({
    id: 'orders.estimateShippingOptions',
    method: 'POST',
    path: '/authenticated/books/estimate-lulu-shipping-options',
    auth: 'authenticated',
    body: EstimateShippingOptionsBodySchema,
    response: ShippingOptionsResponseSchema,
  }),
  estimateCost: endpoint({
    id: 'orders.estimateCost',
    method: 'POST',
    path: '/authenticated/books/estimate-lulu-print-job-cost',
    auth: 'authenticated',
    body: EstimatePrintJobCostBodySchema,
    response: EstimatedCostResponseSchema,
  }),
  createPrintJob: endpoint({
    id: 'orders.createPrintJob',
    method: 'POST',
    path: '/authenticated/books/create-lulu-print-job',
    auth: 'authenticated',
    body: CreatePrintJobBodySchema,
    response: CreatePrintJobResponseSchema,
  }),
} as const;
