/**
 * The seven handwriting fields of the iPad signing card. The same keys name the kiosk's field
 * rectangles and strokes (devices.ts), the crop map of a capture resolution (management.ts) and
 * the cut-outs the transcription job reads.
 */
import { z } from 'zod';

export const CROP_KEYS = [
  'printed_name',
  'relationship_to_deceased',
  'phone_number',
  'email_address',
  'mailing_address_line_1',
  'mailing_address_line_2',
  'signature_image',
] as const;

export const CropKeySchema = z.enum(CROP_KEYS);
export type CropKey = z.infer<typeof CropKeySchema>;

/** Operator-facing names of the fields (crop editor, kiosk accessibility labels). */
export const CROP_KEY_LABELS = {
  printed_name: 'Printed name',
  relationship_to_deceased: 'Relationship to the deceased',
  phone_number: 'Phone number',
  email_address: 'E-mail address',
  mailing_address_line_1: 'Mailing address line 1',
  mailing_address_line_2: 'Mailing address line 2',
  signature_image: 'Signature',
} as const satisfies Record<CropKey, string>;

/**
 * A field's rectangle in the screen capture, in the capture's own pixels (origin top-left).
 * Fractions are allowed: the kiosk measures in CSS pixels times the device pixel ratio.
 */
export const PixelRectSchema = z.object({
  x: z.number().min(0),
  y: z.number().min(0),
  width: z.number().positive(),
  height: z.number().positive(),
});
export type PixelRect = z.infer<typeof PixelRectSchema>;
