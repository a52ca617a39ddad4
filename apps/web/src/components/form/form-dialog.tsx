import { Fragment, type ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';

type FormDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  wide?: boolean;
  children: ReactNode;
};

/** The dialog around a create or edit form. */
export function FormDialog({ open, onClose, title, description, wide = false, children }: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className={cn(wide && 'max-w-3xl')}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The dialog around a form about one record, open while there is one; the form starts afresh for
 * each record (keyed by its id), so nothing typed for one is left over for the next.
 */
export function RecordFormDialog<T extends { id: number }>({
  record,
  onClose,
  title,
  description,
  children,
}: {
  record: T | null;
  onClose: () => void;
  title: string;
  description: (record: T) => string;
  children: (record: T) => ReactNode;
}) {
  return (
    <FormDialog open={record !== null} onClose={onClose} title={title} description={record ? description(record) : ''}>
      {record && <Fragment key={record.id}>{children(record)}</Fragment>}
    </FormDialog>
  );
}
