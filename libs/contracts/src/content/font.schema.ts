import { z } from 'zod';

/** A font family as the upstream names it: letters, digits and single spaces ('Open Sans', 'Source Sans 3'). */
export const FontFamily = z
  .string()
  .regex(/^[A-Za-z0-9]+( [A-Za-z0-9]+)*$/)
  .max(64);
/** A variant: a weight (100–900) optionally italic, or 'regular' / 'italic' (400). */
export const FontVariant = z.string().regex(/^([1-9]00(italic)?|regular|italic)$/);

/** GET /api/fonts: the families the themes and the editor offer, with their variants. */
export interface FontFamilyInfo {
  family: string;
  variants: string[];
  /** the variants whose CSS and font files are stored on this server (fetched through the embed route) */
  stored: string[];
}
