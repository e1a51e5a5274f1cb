import type { CellView, ContentView } from './cell-view.ts';

/**
 * The display model of a carrier proposal (spec §2 "Carrier proposal detail"): everything the
 * screen shows, already grouped, ordered, titled and shaded, so a component only maps it to
 * elements. Every `key` is unique among its siblings and stable for the same data.
 */

export interface ProposalView {
  /** Dental Insurance, then Vision Insurance, then any other product; only products with data. */
  products: ProductView[];
}

/**
 * Content shown under a heading (spec: "its fields (value above label), tables and network
 * tables"): the same shape for a product and for each of its classes.
 */
export interface SectionContentView {
  fieldGroups: FieldGroupView[];
  tables: TableView[];
  networkTables: NetworkTableView[];
}

export interface ProductView extends SectionContentView {
  /** First label segment, e.g. `dentalInsurance`. */
  key: string;
  /** Heading, e.g. `Dental Insurance`. */
  name: string;
  /** Per-class sections, in the order the classes first appear in the data. */
  classes: ClassView[];
}

export interface ClassView extends SectionContentView {
  key: string;
  /** Class heading, as printed (`Class 1`, `Low Plan`, `All Eligible Employees`). */
  name: string;
}

/** Single values shown value above label; `title` null for a product's own fields. */
export interface FieldGroupView {
  key: string;
  title: string | null;
  fields: FieldView[];
}

export interface FieldView {
  key: string;
  /** Display title, e.g. `Plan Name`. */
  label: string;
  cell: CellView;
}

/** A grid such as the rate tiers of one class. */
export interface TableView {
  key: string;
  title: string;
  /** Values that hold for every row (one rate guarantee for all tiers), shown above the grid. */
  fields: FieldView[];
  columns: Array<{ key: string; title: string }>;
  /** One entry per column, in column order; null where the row has no value. */
  rows: Array<{ key: string; cells: Array<CellView | null> }>;
}

/**
 * A title plus sub-tables whose rows hold a label, an in-network value and an out-of-network
 * value, or one value spanning both (spec §3 "Display structures").
 */
export interface NetworkTableView {
  key: string;
  title: string;
  /** Three column headings: label column, in-network, out-of-network. */
  columns: [string, string, string];
  subTables: NetworkSubTableView[];
}

export interface NetworkSubTableView {
  key: string;
  /** Sub-heading (`Coverage`, `Deductibles`, `Orthodontics`); null for a table with one part. */
  title: string | null;
  rows: NetworkRowView[];
}

export type NetworkRowView = NetworkSplitRowView | NetworkSpanRowView;

interface NetworkRowBase {
  key: string;
  /** The row's label: a read value (service type) or a title the app wrote. */
  label: ContentView;
  /** A secondary line under the label, such as the procedures of a service type. */
  detail: CellView | null;
}

/** Separate in-network and out-of-network values; null where that side is blank. */
export interface NetworkSplitRowView extends NetworkRowBase {
  kind: 'split';
  inNetwork: CellView | null;
  outOfNetwork: CellView | null;
}

/** One value that applies to both networks, shown across both value columns. */
export interface NetworkSpanRowView extends NetworkRowBase {
  kind: 'span';
  value: CellView;
}
