/**
 * Family members of a service (invited by e-mail to read the guest registry) and the call that
 * queues the family's guestbook PDF (spec 000 sections 3, 5 and 7).
 */
import { z } from 'zod';
import { EmailSchema } from './auth';
import { IdParamsSchema, IdSchema, optionalText, TimestampSchema } from './common';
import { endpoint } from './endpoint';

/** Long enough for full names with several given names and suffixes. */
export const FAMILY_MEMBER_NAME_MAX_LENGTH = 200;
/** Phone numbers are free text ("+1 (555) 010-0000 ext. 12"), never parsed. */
export const FAMILY_MEMBER_PHONE_MAX_LENGTH = 40;
/** "Daughter-in-law", "Childhood friend": a short label. */
export const FAMILY_MEMBER_RELATIONSHIP_MAX_LENGTH = 100;

export const FamilyMemberSchema = z.object({
  inserted_at: TimestampSchema,
  updated_at: TimestampSchema,
  unique_identifier: IdSchema,
  service: z.object({ unique_identifier: IdSchema }),
  full_name: z.string(),
  email_address: z.string(),
  phone_number: z.string().nullable(),
  relationship_to_deceased: z.string().nullable(),
  public_data: z.record(z.string(), z.unknown()),
});
export type FamilyMember = z.infer<typeof FamilyMemberSchema>;

/** The spec sends the relationship as `relationship`; the entity stores `relationship_to_deceased`. */
export const AddFamilyMemberBodySchema = z.object({
  full_name: z.string().trim().min(1, 'Full name is required.').max(FAMILY_MEMBER_NAME_MAX_LENGTH),
  email_address: EmailSchema,
  phone_number: optionalText(FAMILY_MEMBER_PHONE_MAX_LENGTH),
  relationship: optionalText(FAMILY_MEMBER_RELATIONSHIP_MAX_LENGTH),
});
export type AddFamilyMemberBody = z.infer<typeof AddFamilyMemberBodySchema>;

export const FamilyMemberParamsSchema = z.object({ id: IdSchema, memberId: IdSchema });

export const FamilyMemberListResponseSchema = z.object({
  family_members: z.array(FamilyMemberSchema),
  family_members_count: z.number().int().min(0),
});
export type FamilyMemberListResponse = z.infer<typeof FamilyMemberListResponseSchema>;

export const FamilyMemberResponseSchema = z.object({ family_member: FamilyMemberSchema });
export type FamilyMemberResponse = z.infer<typeof FamilyMemberResponseSchema>;

/**
 * The payload is fixed by the spec. `service_unique_id` repeats the path's id; the server
 * refuses a mismatch. The PDF is built by a job; the page reloads after about 10 seconds and
 * reads the new `latest_digital_download_pdf_url` from the service.
 */
export const GenerateServicePdfBodySchema = z.object({
  service_unique_id: IdSchema,
  create_pdf_for_digital_download: z.literal(true),
});
export type GenerateServicePdfBody = z.infer<typeof GenerateServicePdfBodySchema>;

export const GenerateServicePdfResponseSchema = z.object({
  service_unique_id: IdSchema,
  /** False when a PDF job for this service was already waiting: the request joined it. */
  job_queued: z.boolean(),
});
export type GenerateServicePdfResponse = z.infer<typeof GenerateServicePdfResponseSchema>;

export const familyEndpoints = {
  list: endpoint({
    id: 'family.list',
    method: 'GET',
    path: '/authenticated/services/:id/family-members',
    auth: 'authenticated',
    params: IdParamsSchema,
    response: FamilyMemberListResponseSchema,
  }),
  add: endpoint({
    id: 'family.add',
    method: 'POST',
    path: '/authenticated/services/:id/add-family-member',
    auth: 'authenticated',
    params: IdParamsSchema,
    body: AddFamilyMemberBodySchema,
    response: FamilyMemberResponseSchema,
  }),
  resendInvitation: endpoint({
    id: 'family.resendInvitation',
    method: 'POST',
    path: '/authenticated/services/:id/family-members/:memberId/resend-invitation',
    auth: 'authenticated',
    params: FamilyMemberParamsSchema,
    response: FamilyMemberResponseSchema,
  }),
  /** Path not shown in the spec; chosen beside the other per-service calls. */
  generatePdf: endpoint({
    id: 'family.generatePdf',
    method: 'POST',
    path: '/authenticated/services/:id/generate-pdf',
    auth: 'authenticated',
    params: IdParamsSchema,
    body: GenerateServicePdfBodySchema,
    response: GenerateServicePdfResponseSchema,
  }),
} as const;
