import { type AnalyzedTable, cellText, classKey, classRefIn } from './document.ts';
import { type Evidence, evidence, sourceOfCell } from './evidence.ts';
import type { ClassEntry, Facts } from './facts.ts';
import { minimumHours } from './values.ts';
import { type AgeSpan, type Product, productsNamed, resolveAgeSpan } from './vocabulary.ts';

/**
 * Plan classes: the eligibility table that lists them (Class | Definition | Hours | Contribution
 * | Plan), and the class list each product is laid out by — plan options side by side, else the
 * listed classes, else one class named after the eligible group (or 'All Employees').
 */

function columnRole(
  heading: string,
): 'name' | 'definition' | 'hours' | 'contribution' | 'plan' | undefined {
  const h = heading.toLowerCase();
  if (/hours|hrs/.test(h)) return 'hours';
  if (/contribution|funding|paid|cost|premium share|employer share/.test(h)) return 'contribution';
  if (/definition|description|eligib|who|employees/.test(h)) return 'definition';
  if (/^(class(es)?|group|eligible class(es)?|employee class|class name)$/.test(h.trim()))
    return 'name';
  if (/\bplan\b/.test(h)) return 'plan';
  return undefined;
}

/** A table listing classes with what defines them. */
export function isClassesTable(t: AnalyzedTable): boolean {
  if (t.headerRows === 0 || t.table.cols < 2) return false;
  const roles = t.columns.map((c) => columnRole(c.heading));
  const nameCol = roles.indexOf('name');
  const values = t.body.map((r) => cellText(r.cells[0])).filter(Boolean);
  const namesLookLikeClasses =
    values.length > 0 && values.filter((v) => classRefIn(v)).length >= values.length * 0.6;
  return (nameCol === 0 || namesLookLikeClasses) && roles.includes('definition');
}

export function collectClasses(t: AnalyzedTable, facts: Facts): void {
  const roles = t.columns.map((c) => columnRole(c.heading));
  for (const row of t.body) {
    const nameCell = row.cells[0];
    if (!nameCell || nameCell.row !== row.row) continue;
    const name = cellText(nameCell);
    if (!name) continue;
    const at = (c: number): Evidence | undefined => {
      const cell = row.cells[c];
      const text = cellText(cell);
      return cell && text ? evidence(text, sourceOfCell(cell), 'cell') : undefined;
    };
    const entry: ClassEntry = {
      name: evidence(name, sourceOfCell(nameCell), 'cell'),
      contribution: {},
      order: t.order,
    };
    roles.forEach((role, c) => {
      if (c === 0 || !role) return;
      const e = at(c);
      if (!e) return;
      if (role === 'definition') entry.definition ??= e;
      else if (role === 'plan') entry.plan ??= e;
      else if (role === 'hours') {
        const h = minimumHours(/hour|hr/i.test(e.value) ? e.value : `${e.value} hours`);
        if (h) entry.hours ??= { ...e, value: h, method: 'derived' };
      } else if (role === 'contribution') {
        const products = productsNamed(t.columns[c]!.heading);
        const key: Product | 'any' = products.length === 1 ? products[0]! : 'any';
        entry.contribution[key] ??= e;
      }
    });
    facts.addClass(entry);
  }
}

export interface ResolvedClass {
  name: Evidence;
  key: string;
  /** The plan option this class stands for (side-by-side plans). */
  option?: string;
  entry?: ClassEntry;
  /** Other names the class's rows are printed under (an option covering several classes). */
  aliases?: string[];
  /** The plan a class takes from the option heading that names it. */
  plan?: Evidence;
}

/**
 * The classes an option heading says it covers: 'PPO High (Classes 1 and 2)' → ['1', '2'],
 * 'Plan B – Class 3' → ['3']; undefined when the heading names none.
 */
export function classesNamedBy(option: string): string[] | undefined {
  const m = option.match(
    /(?:\(|[–—-]\s*|\bfor\s+)class(?:es)?\s+([a-z0-9]{1,3}(?:\s*(?:,|&|\/|and|\+)\s*[a-z0-9]{1,3})*)\s*\)?\s*$/i,
  );
  if (!m) return undefined;
  return m[1]!.split(/\s*(?:,|&|\/|and|\+)\s*/i).filter(Boolean);
}

/** An option's own name without the classes it names or the product word: 'PPO High'. */
export function optionCore(option: string, product: Product): string {
  return option
    .replace(
      /\s*(?:\(|[–—-]\s*|\bfor\s+)class(?:es)?\s+[a-z0-9]{1,3}(?:\s*(?:,|&|\/|and|\+)\s*[a-z0-9]{1,3})*\s*\)?\s*$/i,
      '',
    )
    .replace(new RegExp(`^\\s*${product}\\s+`, 'i'), '')
    .trim();
}

/**
 * Options whose headings name the listed classes ('PPO High (Classes 1 and 2)' | 'PPO Low (Class
 * 3)'): each listed class takes the option that names it, and the option's other spellings
 * ('Dental PPO High' over a rate column) are the same plan. Undefined unless every listed class
 * is named by exactly one option.
 */
function classesOfNamingOptions(
  product: Product,
  options: string[],
  facts: Facts,
  fallbackSource: Evidence['source'],
): ResolvedClass[] | undefined {
  const naming = options.flatMap((o) => {
    const ids = classesNamedBy(o);
    return ids ? [{ option: o, ids, keys: ids.map((id) => classKey(`class ${id}`)) }] : [];
  });
  if (naming.length < 2) return undefined;
  // the listed classes, else the classes the headings name ('Class 1', 'Class 2', 'Class 3')
  const listed =
    facts.classes.length >= 2
      ? facts.classes.map((entry) => ({ name: entry.name, entry }))
      : naming.flatMap((n) =>
          n.ids.map((id) => ({
            name: evidence(
              `Class ${id}`,
              optionSource(facts, n.option) ?? fallbackSource,
              'derived',
            ),
            entry: undefined,
          })),
        );
  const out: ResolvedClass[] = [];
  for (const { name, entry } of listed) {
    const key = classKey(name.value);
    const owners = naming.filter((n) => n.keys.includes(key));
    if (owners.length !== 1 || out.some((c) => c.key === key)) return undefined;
    const option = owners[0]!.option;
    const core = optionCore(option, product);
    const aliases = options.filter(
      (o) => o !== option && classKey(optionCore(o, product)) === classKey(core),
    );
    const source = optionSource(facts, option) ?? name.source;
    out.push({
      name,
      key,
      option,
      ...(entry ? { entry } : {}),
      aliases: [option, ...aliases],
      ...(core ? { plan: evidence(core, source, 'derived') } : {}),
    });
  }
  return out.length >= 2 ? out : undefined;
}

/**
 * The options an option heading joins: 'Uniform Dental & Preventive Plan' over one grid column,
 * when 'Uniform Dental' and 'Preventive Plan' are options of the same product elsewhere (their own
 * premium columns). Undefined unless the heading splits at one joining word into exactly two
 * other options.
 */
export function joinedOptions(option: string, options: string[]): [string, string] | undefined {
  const parts = option.split(/\s+(?:&|and|\+)\s+|\s*\/\s*/i);
  if (parts.length !== 2) return undefined;
  const found = parts.map((p) => options.find((o) => o !== option && classKey(o) === classKey(p)));
  return found[0] && found[1] && found[0] !== found[1] ? [found[0], found[1]] : undefined;
}

/**
 * A column printed once for two plan options ('Uniform Dental & Preventive Plan') holds the values
 * of each: every fact, service, vision line and rate read under it is repeated for both options,
 * and the joined heading is no option of its own. Mutates the facts.
 */
export function spreadJoinedOptions(facts: Facts): void {
  for (const [product, options] of facts.options) {
    const joins = new Map<string, [string, string]>();
    for (const o of options) {
      const parts = joinedOptions(o, options);
      if (parts) joins.set(classKey(o), parts);
    }
    if (joins.size === 0) continue;
    const spread = <T extends { scope: { classRef?: string; product?: Product } }>(rows: T[]) => {
      const out: T[] = [];
      for (const r of rows) {
        const parts =
          r.scope.classRef !== undefined && (r.scope.product ?? product) === product
            ? joins.get(classKey(r.scope.classRef))
            : undefined;
        if (!parts) out.push(r);
        else for (const part of parts) out.push({ ...r, scope: { ...r.scope, classRef: part } });
      }
      rows.splice(0, rows.length, ...out);
    };
    spread(facts.facts);
    spread(facts.services);
    spread(facts.benefits);
    spread(facts.rates);
    facts.options.set(
      product,
      options.filter((o) => !joins.has(classKey(o))),
    );
  }
}

/**
 * Age groups a vision grid prints in its label cells are the classes (convention 10): groups of
 * the same ages are one class, named as its fullest printing ('Insured Persons 19 years of age and
 * older' over a discount line's '(19 years of age and older)'), and every vision line printed for
 * no group is repeated for each (convention 11). Mutates the facts.
 */
export function spreadAgeGroups(facts: Facts): void {
  // ('Adults:' beside 'Children (to age 19):': the adults are the ages the children's leave)
  const spanOf = (ages: AgeSpan) => resolveAgeSpan(ages, facts.ageGroups.values());
  // a group captioning a grid names its class as printed; else the fullest printing
  const better = (group: string, best: string) => {
    const captions = [group, best].map((g) => facts.ageCaptions.has(g));
    return captions[0] !== captions[1] ? captions[0]! : group.length > best.length;
  };
  const bySpan = new Map<AgeSpan, string>();
  for (const [group, ages] of facts.ageGroups) {
    const best = bySpan.get(spanOf(ages));
    if (!best || better(group, best)) bySpan.set(spanOf(ages), group);
  }
  if (bySpan.size < 2) return;
  const named = (ref: string | undefined) => {
    const ages = ref === undefined ? undefined : facts.ageGroups.get(ref);
    return ages ? bySpan.get(spanOf(ages)) : ref;
  };
  const lines = facts.benefits.flatMap((b) => {
    if (b.scope.product !== 'vision') return [b];
    if (b.scope.classRef !== undefined)
      return [{ ...b, scope: { ...b.scope, classRef: named(b.scope.classRef)! } }];
    return [...bySpan.values()].map((group) => ({ ...b, scope: { ...b.scope, classRef: group } }));
  });
  facts.benefits.splice(0, facts.benefits.length, ...lines);
  for (const f of facts.facts)
    if (f.scope.classRef !== undefined && facts.ageGroups.has(f.scope.classRef))
      f.scope = { ...f.scope, classRef: named(f.scope.classRef)! };
}

/** A plan option's name ('High Option', 'Standard Option'). */
export const STACKED_OPTION = /^\s*\S+(?:\s+\S+)?\s+option\s*$/i;

/** The classes a product's tables are laid out by. */
export function classesFor(
  product: Product,
  facts: Facts,
  fallbackSource: Evidence['source'],
): ResolvedClass[] {
  const options = facts.options.get(product) ?? [];
  const byOption =
    options.length >= 2
      ? classesOfNamingOptions(product, options, facts, fallbackSource)
      : undefined;
  if (byOption) return byOption;
  if (options.length >= 2) {
    return options.map((o) => {
      // options headed by class names ('Class 1 | Class 2') are the listed classes
      const entry = facts.classes.find((c) => classKey(c.name.value) === classKey(o));
      return {
        name: entry?.name ?? evidence(o, optionSource(facts, o) ?? fallbackSource, 'cell'),
        key: classKey(o),
        option: o,
        ...(entry ? { entry } : {}),
      };
    });
  }
  if (facts.classes.length > 0) {
    return facts.classes.map((entry) => ({
      name: entry.name,
      key: classKey(entry.name.value),
      entry,
    }));
  }
  // classes only named by sections or rows ('Class 1: Dental …'), not the options of another product
  const foreign = new Set(
    [...facts.options.entries()]
      .filter(([p]) => p !== product)
      .flatMap(([, names]) => names.map(classKey)),
  );
  const named = new Map<string, Evidence>();
  for (const f of facts.facts) {
    if (f.scope.product && f.scope.product !== product) continue;
    if (
      f.scope.classRef &&
      !foreign.has(classKey(f.scope.classRef)) &&
      !named.has(classKey(f.scope.classRef))
    ) {
      named.set(
        classKey(f.scope.classRef),
        evidence(f.scope.classRef, f.evidence.source, 'heading'),
      );
    }
  }
  const rows: Array<{
    scope: { classRef?: string; product?: Product };
    source: Evidence['source'];
  }> = [
    ...facts.services.map((r) => ({ scope: r.scope, source: r.label.source })),
    ...facts.benefits.map((r) => ({ scope: r.scope, source: r.service.source })),
    ...facts.rates.map((r) => ({
      scope: { ...r.scope, ...(r.product ? { product: r.product } : {}) },
      source: r.tier.source,
    })),
  ];
  for (const r of rows) {
    if (r.scope.product && r.scope.product !== product) continue;
    const ref = r.scope.classRef;
    if (ref && foreign.has(classKey(ref))) continue;
    if (ref && !named.has(classKey(ref)))
      named.set(classKey(ref), evidence(ref, r.source, 'heading'));
  }
  // (plan options printed one grid after another, each under its option's name ('High Option
  // Benefits', 'Standard Option Benefits'): options still, each a class named as its option)
  const stacked = named.size >= 2 && [...named.values()].every((n) => STACKED_OPTION.test(n.value));
  if (named.size > 0)
    return [...named.entries()].map(([key, name]) => ({
      name,
      key,
      ...(stacked ? { option: name.value } : {}),
    }));
  const groupName =
    pickFact(facts, 'className', product) ?? evidence('All Employees', fallbackSource, 'default');
  return [{ name: groupName, key: classKey(groupName.value) }];
}

function optionSource(facts: Facts, option: string): Evidence['source'] | undefined {
  return facts.optionSources.get(option.toLowerCase());
}

/** Labelled values and cells outrank headings and phrases in running text. */
const METHOD_RANK: Record<Evidence['method'], number> = {
  cell: 0,
  keyValue: 0,
  split: 1,
  derived: 1,
  prose: 2,
  heading: 2,
  fallback: 3,
  default: 4,
};

/** The best fact of a kind for a product: the product's own first, then a general one. */
export function pickFact(
  facts: Facts,
  kind: Parameters<Facts['add']>[0],
  product: Product,
  classRef?: string,
): Evidence | undefined {
  const candidates = facts.facts.filter((f) => f.kind === kind);
  const matchClass = (ref?: string) =>
    classRef === undefined
      ? ref === undefined
      : ref !== undefined && classKey(ref) === classKey(classRef);
  const tiers: Array<(f: (typeof candidates)[number]) => boolean> = [
    (f) => f.scope.product === product && matchClass(f.scope.classRef),
    (f) => f.scope.product === undefined && matchClass(f.scope.classRef),
    (f) => f.scope.product === product && f.scope.classRef === undefined,
    (f) => f.scope.product === undefined && f.scope.classRef === undefined,
  ];
  for (const test of tiers) {
    const found = candidates
      .filter(test)
      .sort(
        (a, b) =>
          METHOD_RANK[a.evidence.method] - METHOD_RANK[b.evidence.method] || a.order - b.order,
      )[0];
    if (found) return found.evidence;
  }
  return undefined;
}
