/** @jsxImportSource hono/jsx */
// The dashboard's one table: a card that scrolls sideways inside itself when narrow space runs out, a caption, column
// headers, the rows, and a line saying what to do while there are none. On a phone its rows stack (`stack`), each
// cell labelled by its `data-label`.
import type { Child } from "hono/jsx";

export interface Column {
  label: Child;
  /** `num` right-aligns figures; `act` is the actions column. */
  class?: string;
}

export const DataTable = (props: {
  caption: Child;
  columns: Column[];
  /** How many rows `children` holds: none shows `empty` instead. */
  rows: number;
  empty?: Child;
  id?: string;
  children: Child;
}) => (
  <div class="table-card">
    <table class="stack" id={props.id}>
      <caption>{props.caption}</caption>
      <thead>
        <tr>
          {props.columns.map((c) => (
            <th scope="col" class={c.class}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows === 0 && props.empty !== undefined && (
          <tr>
            <td colspan={props.columns.length} class="empty">
              {props.empty}
            </td>
          </tr>
        )}
        {props.children}
      </tbody>
    </table>
  </div>
);
