import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { fieldClasses, inputClasses } from './field-classes';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(inputClasses, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldClasses, 'min-h-20 py-2', className)} {...props} />;
}

/** A styled native select: keyboard and screen-reader behaviour come from the browser. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(fieldClasses, 'h-9 py-1 pr-8', className)} {...props} />;
}
