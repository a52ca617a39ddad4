import { z } from 'zod';
import { BADGE_TYPE_LABELS, BADGE_TYPES, type BadgeType } from './badge-categories';
import { idSchema, isoDateTime, textLine, whenParsed } from './common';

/**
 * Badge layouts: where each element of a printed badge sits. Positions and sizes are millimetres
 * from the badge's top-left corner; font sizes are points.
 */

export const BADGE_PAGE_SIZE_IDS = ['a6', 'a7', '4x3in', 'cr80', '54x90mm', 'folded-82x203mm'] as const;
export type BadgePageSize = (typeof BADGE_PAGE_SIZE_IDS)[number];

/** Each size in portrait (width x height, mm); landscape swaps them. */
export const BADGE_PAGE_SIZES: Readonly<Record<BadgePageSize, { label: string; widthMm: number; heightMm: number }>> = {
  a6: { label: 'A6 (105 × 148 mm)', widthMm: 105, heightMm: 148 },
  a7: { label: 'A7 (74 × 105 mm)', widthMm: 74, heightMm: 105 },
  '4x3in': { label: '4 × 3 in (101.6 × 76.2 mm)', widthMm: 101.6, heightMm: 76.2 },
  cr80: { label: 'CR80 card (85.6 × 53.98 mm)', widthMm: 85.6, heightMm: 53.98 },
  '54x90mm': { label: '54 × 90 mm', widthMm: 54, heightMm: 90 },
  'folded-82x203mm': { label: 'Folded 82 × 203 mm', widthMm: 82, heightMm: 203 },
};

export const BADGE_ORIENTATIONS = ['portrait', 'landscape'] as const;
export type BadgeOrientation = (typeof BADGE_ORIENTATIONS)[number];

export const BADGE_ORIENTATION_LABELS: Readonly<Record<BadgeOrientation, string>> = {
  portrait: 'Portrait',
  landscape: 'Landscape',
};

/** The badge's width and height in mm as printed. */
export function badgePageMm(pageSize: BadgePageSize, orientation: BadgeOrientation): { widthMm: number; heightMm: number } {
  const { widthMm, heightMm } = BADGE_PAGE_SIZES[pageSize];
  return orientation === 'landscape' ? { widthMm: heightMm, heightMm: widthMm } : { widthMm, heightMm };
}

/** The badge type labels a type band prints. */
export const BADGE_TYPE_BAND_LABELS = BADGE_TYPE_LABELS;

/** The colour of each badge type's band unless a layout sets its own. */
export const DEFAULT_BADGE_TYPE_COLORS: Readonly<Record<BadgeType, string>> = {
  exhibitor: '#1d4ed8',
  visitor: '#15803d',
  contractor: '#c2410c',
  vip: '#7e22ce',
};

export const BADGE_LAYOUT_MAX_ELEMENTS = 40;
export const BADGE_FONT_SIZE_MIN = 4;
export const BADGE_FONT_SIZE_MAX = 200;
/** Free text of a `text` element. */
export const BADGE_TEXT_MAX_LENGTH = 500;

const COLOR_MESSAGE = 'A colour as #rrggbb, such as #1d4ed8';
export const hexColorSchema = z
  .string({ error: COLOR_MESSAGE })
  .regex(/^#[0-9a-fA-F]{6}$/, COLOR_MESSAGE)
  .toLowerCase();

const MM_MESSAGE = 'Millimetres from 0 to 1000';
const mm = z.number({ error: MM_MESSAGE }).min(0, MM_MESSAGE).max(1000, MM_MESSAGE);
const FONT_MESSAGE = `Points from ${BADGE_FONT_SIZE_MIN} to ${BADGE_FONT_SIZE_MAX}`;
const fontSize = z.number({ error: FONT_MESSAGE }).min(BADGE_FONT_SIZE_MIN, FONT_MESSAGE).max(BADGE_FONT_SIZE_MAX, FONT_MESSAGE);

const box = {
  id: z.string().trim().min(1, 'Required').max(40, 'At most 40 characters'),
  x: mm,
  y: mm,
  width: mm.refine((value) => value > 0, 'Must be greater than 0'),
  height: mm.refine((value) => value > 0, 'Must be greater than 0'),
};

export const BADGE_TEXT_ALIGNS = ['left', 'center', 'right'] as const;
export type BadgeTextAlign = (typeof BADGE_TEXT_ALIGNS)[number];

const textStyle = {
  /** The largest size; the text shrinks from it to fit (docs/printing.md). */
  fontSize,
  /** The smallest size before the text wraps. */
  minFontSize: fontSize,
  bold: z.boolean().default(false),
  align: z.enum(BADGE_TEXT_ALIGNS).default('left'),
  color: hexColorSchema.default('#000000'),
  uppercase: z.boolean().default(false),
};

const textElement = <K extends string, S extends z.ZodRawShape>(kind: K, shape: S) =>
  z.object({ kind: z.literal(kind), ...box, ...textStyle, ...shape });

export const badgeElementSchema = z.discriminatedUnion('kind', [
  /** The holder's name: on one line, or first name then last name on two. */
  textElement('name', { lines: z.union([z.literal(1), z.literal(2)]).default(1) }),
  textElement('firstName', {}),
  textElement('lastName', {}),
  textElement('company', {}),
  /** The category's display name, else its name. */
  textElement('category', {}),
  /** The holder's answer to a custom field of the event. */
  textElement('field', { customFieldId: idSchema }),
  textElement('text', { text: z.string().trim().min(1, 'Required').max(BADGE_TEXT_MAX_LENGTH, `At most ${BADGE_TEXT_MAX_LENGTH} characters`) }),
  /** A filled band in the badge type's colour, with its label. */
  z.object({
    kind: z.literal('typeBand'),
    ...box,
    colors: z.partialRecord(z.enum(BADGE_TYPES), hexColorSchema).default({}),
    showLabel: z.boolean().default(true),
    textColor: hexColorSchema.default('#ffffff'),
  }),
  /** The badge code as a QR code: a square of min(width, height), centred in the box. */
  z.object({ kind: z.literal('qr'), ...box }),
  /** The layout's logo, fitted into the box. */
  z.object({ kind: z.literal('logo'), ...box }),
]);
export type BadgeElement = z.infer<typeof badgeElementSchema>;
export type BadgeElementInput = z.input<typeof badgeElementSchema>;
export type BadgeElementKind = BadgeElement['kind'];
export type BadgeTextElement = Extract<BadgeElement, { fontSize: number }>;

export const BADGE_ELEMENT_KIND_LABELS: Readonly<Record<BadgeElementKind, string>> = {
  name: 'Name',
  firstName: 'First name',
  lastName: 'Last name',
  company: 'Company',
  category: 'Category',
  field: 'Custom field answer',
  text: 'Free text',
  typeBand: 'Badge type band',
  qr: 'QR code',
  logo: 'Logo',
};

export function isTextElement(element: BadgeElement): element is BadgeTextElement {
  return 'fontSize' in element;
}

const EDGE_TOLERANCE_MM = 0.001;

export const badgeLayoutInputSchema = z
  .object({
    name: textLine(100),
    pageSize: z.enum(BADGE_PAGE_SIZE_IDS),
    orientation: z.enum(BADGE_ORIENTATIONS).default('portrait'),
    backgroundColor: hexColorSchema.nullable().default(null),
    elements: z
      .array(badgeElementSchema)
      .max(BADGE_LAYOUT_MAX_ELEMENTS, `At most ${BADGE_LAYOUT_MAX_ELEMENTS} elements`)
      .default([]),
  })
  .superRefine((layout, ctx) => {
    const { widthMm, heightMm } = badgePageMm(layout.pageSize, layout.orientation);
    const seen = new Set<string>();
    layout.elements.forEach((element, index) => {
      const at = (field: string) => ['elements', index, field];
      if (seen.has(element.id)) ctx.addIssue({ code: 'custom', message: 'Another element has this id', path: at('id') });
      seen.add(element.id);
      if (element.x + element.width > widthMm + EDGE_TOLERANCE_MM) {
        ctx.addIssue({ code: 'custom', message: `Reaches past the badge's right edge (${widthMm} mm)`, path: at('width') });
      }
      if (element.y + element.height > heightMm + EDGE_TOLERANCE_MM) {
        ctx.addIssue({ code: 'custom', message: `Reaches past the badge's bottom edge (${heightMm} mm)`, path: at('height') });
      }
      if (isTextElement(element) && element.minFontSize > element.fontSize) {
        ctx.addIssue({ code: 'custom', message: 'At most the font size', path: at('minFontSize') });
      }
    });
  }, whenParsed('pageSize', 'orientation', 'elements'));
export type BadgeLayoutInput = z.infer<typeof badgeLayoutInputSchema>;
export type BadgeLayoutInputBody = z.input<typeof badgeLayoutInputSchema>;

export const BADGE_BUILT_IN_LAYOUTS = ['a6', 'cr80'] as const;
export type BadgeBuiltInLayout = (typeof BADGE_BUILT_IN_LAYOUTS)[number];

export const badgeLayoutSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  name: z.string(),
  pageSize: z.enum(BADGE_PAGE_SIZE_IDS),
  orientation: z.enum(BADGE_ORIENTATIONS),
  backgroundColor: z.string().nullable(),
  elements: z.array(badgeElementSchema),
  /** Which built-in layout this is (created with every event), or null. */
  builtIn: z.enum(BADGE_BUILT_IN_LAYOUTS).nullable(),
  hasLogo: z.boolean(),
  hasBackgroundImage: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type BadgeLayout = z.infer<typeof badgeLayoutSchema>;

/** What the renderer needs of a layout. */
export type BadgeLayoutDesign = Pick<BadgeLayout, 'pageSize' | 'orientation' | 'backgroundColor' | 'elements'>;

/** A layout for a badge type, or for one category of it (the more specific one wins). */
export const badgeLayoutAssignmentSchema = z.object({
  badgeType: z.enum(BADGE_TYPES),
  badgeCategoryId: idSchema.nullable().default(null),
  layoutId: idSchema,
});
export type BadgeLayoutAssignment = z.infer<typeof badgeLayoutAssignmentSchema>;

export const replaceBadgeLayoutAssignmentsBodySchema = z
  .object({ assignments: z.array(badgeLayoutAssignmentSchema).max(500, 'At most 500 assignments') })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.assignments.forEach((assignment, index) => {
      const key = `${assignment.badgeType}/${assignment.badgeCategoryId ?? ''}`;
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', message: 'Assigned twice', path: ['assignments', index, 'badgeCategoryId'] });
      }
      seen.add(key);
    });
  });
export type ReplaceBadgeLayoutAssignmentsBody = z.input<typeof replaceBadgeLayoutAssignmentsBodySchema>;

export const badgeLayoutListSchema = z.object({
  data: z.array(badgeLayoutSchema),
  assignments: z.array(
    z.object({ badgeType: z.enum(BADGE_TYPES), badgeCategoryId: z.number().int().nullable(), layoutId: z.number().int() }),
  ),
});
export type BadgeLayoutList = z.infer<typeof badgeLayoutListSchema>;

export const BADGE_PREVIEW_SAMPLES = ['longest'] as const;

export const badgeLayoutPreviewBodySchema = z.object({
  layout: badgeLayoutInputSchema,
  /** Draw with this stored layout's logo and background image. */
  layoutId: idSchema.optional(),
  /** Draw this badge; else `sample: 'longest'` the event's badge with the longest name; else a fixed sample. */
  badgeId: idSchema.optional(),
  sample: z.enum(BADGE_PREVIEW_SAMPLES).optional(),
});
export type BadgeLayoutPreviewBody = z.input<typeof badgeLayoutPreviewBodySchema>;

export const badgeLayoutPreviewSchema = z.object({
  svg: z.string(),
  widthMm: z.number(),
  heightMm: z.number(),
  /** Text that could not fit even at the smallest size, and other things the print would lose. */
  warnings: z.array(z.string()),
});
export type BadgeLayoutPreview = z.infer<typeof badgeLayoutPreviewSchema>;

/** A layout's logo or background image: PNG or JPEG, checked by its bytes on the server. */
export const BADGE_LAYOUT_IMAGE_MAX_BYTES = 4 * 1024 * 1024;
export const BADGE_LAYOUT_IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;
/** The multipart part that carries the image. */
export const BADGE_LAYOUT_IMAGE_FIELD = 'file';
export const BADGE_LAYOUT_IMAGE_KINDS = ['logo', 'background'] as const;
export type BadgeLayoutImageKind = (typeof BADGE_LAYOUT_IMAGE_KINDS)[number];
