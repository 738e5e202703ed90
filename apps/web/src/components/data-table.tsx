import type { ReactNode } from "react";

export interface Column<R> {
  label: string;
  cell: (row: R) => ReactNode;
  /** A test id on each of this column's cells. */
  testId?: string;
}

export interface DataTableProps<R> {
  columns: Column<R>[];
  rows: R[];
  rowKey: (row: R) => string;
  /** Attributes of a row (a test id, a data attribute naming it). */
  rowProps?: (row: R) => Record<string, string | undefined>;
  testId?: string;
}

/**
 * A read-only table of the run page: it scrolls inside its own box on a narrow screen, and below
 * 640 px each row becomes a card whose cells carry their column's label (`table.compact`,
 * globals.css), so no panel repeats that markup.
 */
export function DataTable<R>({ columns, rows, rowKey, rowProps, testId }: DataTableProps<R>) {
  return (
    <div className="table-scroll">
      <table className="compact" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)} {...rowProps?.(r)}>
              {columns.map((c) => (
                <td key={c.label} data-label={c.label} data-testid={c.testId}>
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
