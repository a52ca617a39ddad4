import { cx } from '@/lib/class-names';

const SIZES = { sm: 'size-5 rounded-md [&_svg]:size-3', md: 'size-7 rounded-lg', lg: 'size-9 rounded-lg' };
/** The mark's own gradient, or a light tint for a panel already in the brand's colours. */
const TONES = {
  brand: 'bg-gradient-to-br from-indigo-500 to-violet-600',
  onBrand: 'bg-white/15 ring-1 ring-white/25',
};

/**
 * The portal's mark: a badge on a lanyard, drawn inline so that no request or font is needed. Size and
 * tone are props, not classes: the login page shows it and joins classes plainly.
 */
export function BrandMark({ size = 'lg', tone = 'brand' }: { size?: keyof typeof SIZES; tone?: keyof typeof TONES }) {
  return (
    <span
      aria-hidden
      className={cx('flex shrink-0 items-center justify-center text-white shadow-sm', SIZES[size], TONES[tone])}
    >
      <svg
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <path d="M9 3h6l-1 4h-4z" />
        <rect x="5" y="7" width="14" height="14" rx="2.5" />
        <circle cx="12" cy="12.5" r="2" />
        <path d="M8.5 18c.8-1.4 2-2 3.5-2s2.7.6 3.5 2" />
      </svg>
    </span>
  );
}
