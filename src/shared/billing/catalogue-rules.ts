/**
 * What the product catalogue allows in a saved product, and what a whole billing document must
 * hold across classes. Pure rules returning issues with paths relative to the checked value;
 * the schemas (./schema.ts) attach them, so parsing a document checks everything at once.
 */
import {
  allowedAgeBandModes,
  allowedRateTypes,
  allowedVolumeTypes,
  automaticRateType,
  type ProductType,
  productByCode,
  supportsAgeReduction,
  supportsAttainedAge,
  supportsMatchedADD,
  supportsNotes,
  supportsPriceRateBasis,
  supportsSmokerIndicator,
  supportsSpouseAdminOnEE,
  supportsSpouseSmokerOnEE,
  takesVolume,
  volumeInputs,
} from '../catalogue/products.ts';
import { sameData } from './same-data.ts';
import type { Class, Product, Rate } from './schema.ts';
import {
  ageBandModeLabels,
  rateTypeLabels,
  volumeFieldLabels,
  volumeFields,
  volumeTypeLabels,
} from './vocabulary.ts';

export interface RuleIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

/** Every tobacco rate a rate holds, with its path inside the product. */
export function tobaccoRatePaths(rate: Rate): (string | number)[][] {
  const paths: (string | number)[][] = [];
  rate.rateTiers?.forEach((tier, i) => {
    if (tier.tobaccoRate !== undefined) paths.push(['rate', 'rateTiers', i, 'tobaccoRate']);
  });
  rate.ageBands?.forEach((band, b) => {
    if (band.tobaccoRate !== undefined) paths.push(['rate', 'ageBands', b, 'tobaccoRate']);
    band.rateTiers?.forEach((tier, i) => {
      if (tier.tobaccoRate !== undefined)
        paths.push(['rate', 'ageBands', b, 'rateTiers', i, 'tobaccoRate']);
    });
  });
  return paths;
}

const list = (labels: readonly string[]) => (labels.length ? labels.join(', ') : 'none');

/** True while a product has no product type chosen (a new product: empty name and code). */
export function isUntypedProduct(product: { productName: string; productCode: string }): boolean {
  return product.productName === '' && product.productCode === '';
}

/**
 * What the product's type forbids in it. A product with no type yet (empty name and code) is
 * allowed, holding only what a new product holds: its id, the empty date and a rate with no type.
 */
export function productIssues(product: Product): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const add = (path: (string | number)[], message: string) => issues.push({ path, message });
  let type: ProductType | undefined;
  if (!isUntypedProduct(product)) {
    type = productByCode(product.productCode);
    if (type === undefined) {
      add(
        ['productCode'],
        product.productCode === ''
          ? `Product "${product.productName}" has no product type code`
          : `Unknown product type "${product.productCode}"`,
      );
      return issues;
    }
    if (product.productName !== type.productName)
      add(
        ['productName'],
        `Product name "${product.productName}" does not match product type ${type.productCode} ("${type.productName}")`,
      );
  }
  const who = type ? type.productName : 'a product with no product type';
  const notFor = (path: (string | number)[], label: string) =>
    add(path, `${label} does not apply to ${who}`);

  if (type === undefined && product.effectiveDate !== '')
    notFor(['effectiveDate'], 'Effective Date');
  if (product.priceRateBasis !== undefined && !supportsPriceRateBasis(type))
    notFor(['priceRateBasis'], 'Price Rate Basis');
  if (product.notes !== undefined && !supportsNotes(type)) notFor(['notes'], 'Notes');

  // Rate
  const rateType = product.rate.type;
  const allowedTypes = allowedRateTypes(type);
  if (rateType !== undefined && !allowedTypes.includes(rateType)) {
    add(
      ['rate', 'type'],
      `Rate type ${rateTypeLabels[rateType]} is not allowed for ${who} (allowed: ${list(allowedTypes.map((t) => rateTypeLabels[t]))})`,
    );
  } else if (rateType === undefined && automaticRateType(type) !== undefined) {
    const only = automaticRateType(type)!;
    add(
      ['rate', 'type'],
      `Rate type is missing: ${who} uses the ${rateTypeLabels[only]} rate type`,
    );
  }
  if (rateType === 'ageBanded' && allowedTypes.includes('ageBanded')) {
    const modes = allowedAgeBandModes(type);
    product.rate.ageBands?.forEach((band, i) => {
      if (!modes.includes(band.type))
        add(
          ['rate', 'ageBands', i, 'type'],
          `Age band mode ${ageBandModeLabels[band.type]} is not allowed for ${who} (allowed: ${list(modes.map((m) => ageBandModeLabels[m]))})`,
        );
    });
  }

  // Smoker indicator, spouse flags and tobacco rates
  const smokerAllowed = supportsSmokerIndicator(type);
  if (product.smokerIndicator !== undefined && !smokerAllowed)
    notFor(['smokerIndicator'], 'Smoker Indicator');
  const smokerOn = smokerAllowed && product.smokerIndicator === true;
  if (!smokerOn) {
    for (const path of tobaccoRatePaths(product.rate)) {
      if (smokerAllowed) add(path, 'Tobacco Rate is allowed only when Smoker Indicator is on');
      else notFor(path, 'Tobacco Rate');
    }
  }
  if (product.spouseAdminOnEE !== undefined && !supportsSpouseAdminOnEE(type))
    notFor(['spouseAdminOnEE'], 'Spouse Admin On EE');
  if (product.spouseSmokerOnEE !== undefined) {
    if (!supportsSpouseSmokerOnEE(type)) notFor(['spouseSmokerOnEE'], 'Spouse Smoker On EE');
    else if (!smokerOn)
      add(['spouseSmokerOnEE'], 'Spouse Smoker On EE is allowed only when Smoker Indicator is on');
  }

  // Volume
  const volume = product.volume;
  if (volume !== undefined) {
    const volumeTypes = allowedVolumeTypes(type);
    if (!takesVolume(type)) notFor(['volume'], 'Volume');
    else if (!volumeTypes.includes(volume.type))
      add(
        ['volume', 'type'],
        `Volume type ${volumeTypeLabels[volume.type]} is not allowed for ${who} (allowed: ${list(volumeTypes.map((t) => volumeTypeLabels[t]))})`,
      );
    else {
      const inputs = volumeInputs(type, volume.type);
      for (const field of volumeFields) {
        if (volume[field] !== undefined && !inputs.includes(field))
          add(
            ['volume', field],
            `${volumeFieldLabels[field]} does not apply to the ${volumeTypeLabels[volume.type].toLowerCase()} volume of ${who}`,
          );
      }
    }
  }

  if (product.attainedAge !== undefined && !supportsAttainedAge(type))
    notFor(['attainedAge'], 'Attained Age');
  if (product.ageReduction !== undefined && !supportsAgeReduction(type))
    notFor(['ageReduction'], 'Age Reduction');
  if (product.matchedADD !== undefined && !supportsMatchedADD(type))
    notFor(['matchedADD'], 'Matched AD&D');
  if (product.separateADD !== undefined && !supportsMatchedADD(type))
    notFor(['separateADD'], 'Separate AD&D');
  return issues;
}

const productLabel = (p: Product) => `"${p.productName || 'Product'}" (${p.productId})`;

/**
 * Rules across classes: a class holds a product at most once, and a product written inside
 * several classes is the same product in each (the editor holds one shared set of products).
 */
export function documentIssues(classes: readonly Class[]): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const firstCopy = new Map<string, { classIndex: number; product: Product }>();
  classes.forEach((cls, i) => {
    const seen = new Set<string>();
    cls.products.forEach((product, j) => {
      if (seen.has(product.productId)) {
        issues.push({
          path: [i, 'products', j, 'productId'],
          message: `Product ${productLabel(product)} appears twice in this class`,
        });
        return;
      }
      seen.add(product.productId);
      const first = firstCopy.get(product.productId);
      if (first === undefined) firstCopy.set(product.productId, { classIndex: i, product });
      else if (!sameData(first.product, product))
        issues.push({
          path: [i, 'products', j],
          message: `Product ${productLabel(product)} differs from its copy in classes[${first.classIndex}]; a product shared by several classes must be the same in each`,
        });
    });
  });
  return issues;
}
