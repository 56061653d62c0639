/**
 * Printed guestbooks ("service generated books", spec 001 sections 3 and 7). Ordering them
 * through Lulu is in orders.ts.
 */
import { z } from 'zod';
import { DateOnlySchema, IdParamsSchema, IdSchema, TimestampSchema } from './common';
import { endpoint } from './endpoint';

/** Only `ready` books can be ordered; `ordered` books link to their Lulu print job. */
export const BOOK_STATUSES = ['processing', 'ready', 'ordered', 'failed'] as const;
export const BookStatusSchema = z.enum(BOOK_STATUSES);
export type BookStatus = z.infer<typeof BookStatusSchema>;

/** Lulu's print-job id. Lulu numbers them; we carry it as text, as it is stored. */
export const LuluPrintJobIdSchema = z.string().min(1).max(64);

export const BookServiceSchema = z.object({
  unique_identifier: IdSchema,
  public_data: z.object({
    deceased_person: z.object({
      full_name: z.string(),
      birth_date: DateOnlySchema.nullish(),
      death_date: DateOnlySchema.nullish(),
      avatar_url: z.string().nullish(),
    }),
  }),
});
export type BookService = z.infer<typeof BookServiceSchema>;

export const BookOutputUrlsSchema = z.object({
  final_url_for_cover: z.string(),
  final_url_for_interior: z.string(),
});
export type BookOutputUrls = z.infer<typeof BookOutputUrlsSchema>;

export const BookSchema = z.object({
  unique_identifier: IdSchema,
  inserted_at: TimestampSchema,
  service: BookServiceSchema,
  public_data: z.object({
    status: BookStatusSchema,
    preview_cover_url: z.string().nullable(),
    /** Null until the cover and interior PDFs have been generated. */
    output_urls: BookOutputUrlsSchema.nullable(),
    /** The print provider's order (print job) id; null until ordered. */
    lulu_order_id: LuluPrintJobIdSchema.nullable(),
  }),
});
export type Book = z.infer<typeof BookSchema>;

/** Books are made for the printed copy; the family's digital PDF is the family.generatePdf call. */
export const CreateBookBodySchema = z.object({
  service_unique_id: IdSchema,
  create_pdf_for_digital_download: z.literal(false),
});
export type CreateBookBody = z.infer<typeof CreateBookBodySchema>;

export const BookListResponseSchema = z.object({ books: z.array(BookSchema) });
export type BookListResponse = z.infer<typeof BookListResponseSchema>;
export const BookResponseSchema = z.object({ book: BookSchema });
export type BookResponse = z.infer<typeof BookResponseSchema>;
export const CreateBookResponseSchema = z.object({ generated_book: BookSchema });
export type CreateBookResponse = z.infer<typeof CreateBookResponseSchema>;

export const booksEndpoints = {
  list: endpoint({
    id: 'books.list',
    method: 'GET',
    path: '/authenticated/books',
    auth: 'authenticated',
    response: BookListResponseSchema,
  }),
  get: endpoint({
    id: 'books.get',
    method: 'GET',
    path: '/authenticated/books/:id',
    auth: 'authenticated',
    params: IdParamsSchema,
    response: BookResponseSchema,
  }),
  create: endpoint({
    id: 'books.create',
    method: 'POST',
    path: '/authenticated/create-book',
    auth: 'authenticated',
    body: CreateBookBodySchema,
    response: CreateBookResponseSchema,
  }),
} as const;
