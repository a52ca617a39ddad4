import type { ComponentProps } from 'react';
import { cx } from '@/lib/class-names';

const CORNERS = { md: 'rounded-md', xl: 'rounded-xl', full: 'rounded-full', none: 'rounded-none' };

/**
 * A loading block: `className` gives its size and place, `rounded` its corners. Its classes are joined
 * plainly (it is part of the app's entry), so a caller's class does not replace one of its own.
 */
export function Skeleton({
  className,
  rounded = 'md',
  ...props
}: ComponentProps<'div'> & { rounded?: keyof typeof CORNERS }) {
  return <div className={cx('animate-pulse', CORNERS[rounded], 'bg-muted', className)} {...props} />;
}
