import { cn } from '@/lib/utils';

/** The portal's mark: a badge on a lanyard, drawn inline so that no request or font is needed. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-violet-600 text-white shadow-sm',
        className,
      )}
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
