import { CUSTOM_FIELD_TYPE_LABELS, type CustomField } from '@portal/shared/custom-fields';
import { ArrowDownIcon, ArrowUpIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tooltip } from '@/components/ui/tooltip';

/** What a writer may do with the fields of a table; a reader gets the table without them. */
export type FieldTableActions = {
  editHref: (field: CustomField) => string;
  onMove: (field: CustomField, by: -1 | 1) => void;
  moving: boolean;
  onDelete: (field: CustomField) => void;
};

type FieldTableProps = { title: string; fields: readonly CustomField[]; actions?: FieldTableActions };

/** One group of fields in the order they are asked, with their answers counted. */
export function FieldTable({ title, fields, actions }: FieldTableProps) {
  return (
    <Card className="overflow-hidden">
      <CardHeader className="border-b">
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Label</TableHead>
            <TableHead className="hidden sm:table-cell">Type</TableHead>
            <TableHead className="hidden md:table-cell">Answers</TableHead>
            {actions && (
              <TableHead className="w-40 text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            )}
          </TableRow>
        </TableHeader>
        <TableBody>
          {fields.map((field, index) => (
            <TableRow key={field.id}>
              <TableCell>
                <div className="font-medium">
                  {field.label}
                  {field.required && <span className="ml-1 text-destructive">*</span>}
                  {!field.isActive && (
                    <Badge variant="outline" className="ml-2">
                      Inactive
                    </Badge>
                  )}
                  {field.isPrivate && (
                    <Badge variant="outline" className="ml-2">
                      Private
                    </Badge>
                  )}
                </div>
                <code className="text-xs text-muted-foreground">{field.key}</code>
              </TableCell>
              <TableCell className="hidden sm:table-cell">{CUSTOM_FIELD_TYPE_LABELS[field.type]}</TableCell>
              <TableCell className="hidden tabular-nums md:table-cell">{field.answerCount}</TableCell>
              {actions && (
                <TableCell>
                  <div className="flex justify-end gap-1">
                    <Tooltip content="Move up">
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Move ${field.label} up`}
                        disabled={index === 0 || actions.moving}
                        onClick={() => actions.onMove(field, -1)}
                      >
                        <ArrowUpIcon aria-hidden />
                      </Button>
                    </Tooltip>
                    <Tooltip content="Move down">
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Move ${field.label} down`}
                        disabled={index === fields.length - 1 || actions.moving}
                        onClick={() => actions.onMove(field, 1)}
                      >
                        <ArrowDownIcon aria-hidden />
                      </Button>
                    </Tooltip>
                    <Tooltip content="Edit">
                      <Button asChild variant="ghost" size="icon-sm">
                        <Link to={actions.editHref(field)} aria-label={`Edit ${field.label}`}>
                          <PencilIcon aria-hidden />
                        </Link>
                      </Button>
                    </Tooltip>
                    <Tooltip content="Delete">
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Delete ${field.label}`}
                        className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                        onClick={() => actions.onDelete(field)}
                      >
                        <Trash2Icon aria-hidden />
                      </Button>
                    </Tooltip>
                  </div>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
