import type { BadgeBuiltInLayout, BadgeLayoutInput } from '@portal/shared/badge-layouts';

const text = { bold: false, align: 'center', color: '#111827', uppercase: false } as const;

/**
 * The two layouts every event has from its creation, so that its badges print at once: an A6
 * portrait badge for a lanyard pocket and a CR80 card. The A6 is the one a badge without an
 * assignment prints with.
 */
export const BUILT_IN_LAYOUTS: Readonly<Record<BadgeBuiltInLayout, BadgeLayoutInput>> = {
  a6: {
    name: 'A6 badge',
    pageSize: 'a6',
    orientation: 'portrait',
    backgroundColor: null,
    elements: [
      { id: 'logo', kind: 'logo', x: 5, y: 5, width: 95, height: 22 },
      { id: 'name', kind: 'name', lines: 2, x: 5, y: 30, width: 95, height: 36, fontSize: 32, minFontSize: 14, ...text, bold: true },
      { id: 'company', kind: 'company', x: 5, y: 68, width: 95, height: 12, fontSize: 16, minFontSize: 9, ...text },
      { id: 'category', kind: 'category', x: 5, y: 81, width: 95, height: 8, fontSize: 11, minFontSize: 7, ...text, color: '#4b5563' },
      { id: 'qr', kind: 'qr', x: 35, y: 91, width: 35, height: 35 },
      { id: 'band', kind: 'typeBand', x: 0, y: 130, width: 105, height: 18, colors: {}, showLabel: true, textColor: '#ffffff' },
    ],
  },
  cr80: {
    name: 'CR80 card',
    pageSize: 'cr80',
    orientation: 'portrait',
    backgroundColor: null,
    elements: [
      { id: 'name', kind: 'name', lines: 2, x: 4, y: 4, width: 52, height: 20, fontSize: 18, minFontSize: 8, ...text, align: 'left', bold: true },
      { id: 'company', kind: 'company', x: 4, y: 25, width: 52, height: 8, fontSize: 10, minFontSize: 6, ...text, align: 'left' },
      { id: 'category', kind: 'category', x: 4, y: 34, width: 52, height: 6, fontSize: 8, minFontSize: 5, ...text, align: 'left', color: '#4b5563' },
      { id: 'qr', kind: 'qr', x: 59, y: 4, width: 23, height: 23 },
      { id: 'logo', kind: 'logo', x: 59, y: 29, width: 23, height: 12 },
      { id: 'band', kind: 'typeBand', x: 0, y: 44, width: 85.6, height: 9.98, colors: {}, showLabel: true, textColor: '#ffffff' },
    ],
  },
};
