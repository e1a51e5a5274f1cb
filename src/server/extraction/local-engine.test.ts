import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, PDFHexString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ParsedData, parsedDataSchema } from '../../shared/proposals/parsed-data.ts';
import { createLocalExtractionProvider } from './local-engine.ts';
import { ExtractionError } from './provider.ts';
import type { OcrEngine } from './read/ocr.ts';
import { buildPdf, type Drawing, textRows } from './testing/build-pdf.ts';
import { fieldValue, tableRows } from './testing/parsed.ts';

/**
 * The engine on documents laid out unlike the fixtures: tables without borders, rules between
 * rows only, tiers across the top, renewal and per-pay-period columns, and documents it cannot
 * read. The OCR engine is a stub here (the fixture scans exercise the real one).
 */

const silentOcr: OcrEngine = { recognize: async () => [], close: async () => {} };
const provider = createLocalExtractionProvider({ ocr: silentOcr });
afterAll(() => provider.close());

const pdf = (bytes: Uint8Array) =>
  provider.extract({ bytes, contentType: 'application/pdf', documentType: 'carrierProposal' });

const rules = (top: number, rows: number, step: number): Drawing[] =>
  Array.from({ length: rows + 1 }, (_, i) => ({
    line: [40, top - 11 + i * step, 570, top - 11 + i * step] as [number, number, number, number],
  }));

function dentalQuote(): Promise<Uint8Array> {
  return buildPdf([
    [
      { text: 'MetLife', x: 40, y: 50, size: 20, bold: true },
      { text: 'Group Dental Proposal', x: 40, y: 80, size: 16, bold: true },
      { text: 'Prepared for: Oakwood Dental Supply Co.', x: 40, y: 100, size: 10 },
      ...textRows(
        [
          ['Insurance Carrier', 'MetLife'],
          ['Effective Date', 'March 1, 2027'],
          ['Eligible Group', 'All Full-Time Staff'],
          ['Eligibility', 'Active employees working a minimum of 32 hours per week'],
          ['Funding', 'Contributory'],
        ],
        [40, 200],
        155,
      ),
      { text: 'Plan Design', x: 40, y: 260, size: 13, bold: true },
      ...textRows(
        [
          ['Benefit', 'PPO Dentists', 'Premier Dentists', 'Non-Network Dentists'],
          ['Deductible (Individual / Family)', '$50 / $150', '$50 / $150', '$75 / $225'],
          ['Calendar Year Maximum', '$2,000', '$2,000', '$1,500'],
          ['Type A – Preventive', '100%', '100%', '90%'],
          ['Type B – Basic Restorative', '80%', '80%', '70%'],
          ['Type C – Major Restorative', '50%', '50%', '40%'],
          ['Type D – Orthodontia (children under 19)', '50%', '50%', '50%'],
          ['Orthodontia Lifetime Maximum', '$1,500', '$1,500', '$1,500'],
        ],
        [40, 250, 360, 470],
        280,
        { boldFirstRow: true },
      ),
      { text: 'Monthly Premium', x: 40, y: 430, size: 13, bold: true },
      ...textRows(
        [
          ['Coverage', 'Employee Only', 'Employee + Spouse', 'Employee + Child(ren)', 'Family'],
          ['Monthly Rate', '$41.20', '$82.55', '$90.10', '$134.75'],
        ],
        [40, 160, 260, 370, 480],
        450,
        { boldFirstRow: true },
      ),
      {
        text: 'Rates are guaranteed for two years from the effective date.',
        x: 40,
        y: 500,
        size: 9,
      },
      {
        text: 'Employee Cost Per Pay Period (26 pay periods)',
        x: 40,
        y: 530,
        size: 13,
        bold: true,
      },
      ...textRows(
        [
          ['Tier', 'Employee Cost'],
          ['Employee Only', '$9.51'],
          ['Employee + Spouse', '$19.05'],
          ['Family', '$31.10'],
        ],
        [40, 250],
        550,
        { boldFirstRow: true },
      ),
      { text: 'Page 1 of 1', x: 500, y: 770, size: 7 },
    ],
  ]);
}

function visionRenewal(): Promise<Uint8Array> {
  return buildPdf([
    [
      { text: 'Guardian', x: 40, y: 50, size: 20, bold: true },
      { text: 'Vision Insurance Quote', x: 40, y: 80, size: 16, bold: true },
      {
        text: 'Group: Riverside Clinic    Proposed Effective Date: 09/01/2026    Quote #: GV-1182',
        x: 40,
        y: 100,
      },
      {
        text: 'Underwritten by The Guardian Life Insurance Company of America.',
        x: 40,
        y: 114,
        size: 8,
      },
      { text: 'Eligibility', x: 40, y: 145, size: 13, bold: true },
      ...textRows(
        [
          ['Class', 'Description', 'Employer Contribution'],
          ['Class 1', 'Salaried employees, 30+ hours per week', '100% employer paid'],
          ['Class 2', 'Hourly employees, 25+ hours per week', 'Voluntary'],
        ],
        [40, 120, 360],
        165,
        { boldFirstRow: true },
      ),
      ...rules(165, 3, 16),
      { text: 'Vision Benefits (applies to all classes)', x: 40, y: 230, size: 13, bold: true },
      ...textRows(
        [
          ['Benefit', 'In-Network', 'Out-of-Network'],
          ['Exam', '$10 copay', 'Reimbursed up to $45'],
          ['Materials', '', ''],
          ['Single Vision Lenses', '$25 copay', 'Up to $30'],
          ['Frames', '$150 allowance', 'Up to $70'],
          ['Frequency (Exam / Lenses / Frames)', '12 / 12 / 24 months', ''],
        ],
        [40, 260, 420],
        250,
        { boldFirstRow: true },
      ),
      ...rules(250, 6, 16),
      { text: 'Dependent Children: Covered to age 26', x: 40, y: 360 },
      { text: 'Monthly Rates', x: 40, y: 390, size: 13, bold: true },
      ...textRows(
        [
          ['Tier', 'Current Rate', 'Renewal Rate'],
          ['EE', '$6.10', '$6.40'],
          ['EE + 1', '$11.90', '$12.45'],
          ['Family', '$17.20', '$18.00'],
        ],
        [40, 260, 420],
        410,
        { boldFirstRow: true },
      ),
      ...rules(410, 4, 16),
      { text: 'Renewal rates are guaranteed through 08/31/2028.', x: 40, y: 490 },
    ],
  ]);
}

describe('a dental quote whose tables have no borders', () => {
  let data: ParsedData;
  beforeAll(async () => {
    data = await pdf(await dentalQuote());
  });

  it('is valid parsed data with a source for every value', () => {
    parsedDataSchema.parse(data);
    for (const item of data) {
      const values = item.type === 'field' ? [item] : item.cells;
      for (const v of values) expect(v.source?.box).toHaveLength(4);
    }
  });

  it('reads the labelled plan information', () => {
    expect(fieldValue(data, 'dentalInsurance_carrierName')).toBe('MetLife');
    expect(fieldValue(data, 'dentalInsurance_effectiveDate')).toBe('March 1, 2027');
    expect(tableRows(data, 'dentalInsurance_planInformation')).toEqual([
      {
        class: 'All Full-Time Staff',
        classDefinition: 'Active employees working a minimum of 32 hours per week',
        contributionStructure: 'Contributory',
        minimumHoursPerWeek: '32',
      },
    ]);
  });

  it('takes the first network as in-network, the non-network column as out, and splits deductibles', () => {
    const services = tableRows(data, 'dentalInsurance_coveredServices');
    expect(services.map((s) => s.serviceTypeLabel)).toEqual([
      'Type A',
      'Type B',
      'Type C',
      'Type D',
    ]);
    expect(services[1]).toMatchObject({
      serviceTypeTitle: 'Basic Restorative',
      coverageLevelInNetwork: '80%',
      coverageLevelOutOfNetwork: '70%',
      policyYearDeductibleIndividualInNetwork: '$50',
      policyYearDeductibleFamilyInNetwork: '$150',
      policyYearDeductibleIndividualOutOfNetwork: '$75',
      policyYearDeductibleFamilyOutOfNetwork: '$225',
      policyYearMaximumInNetwork: '$2,000',
      policyYearMaximumOutOfNetwork: '$1,500',
    });
    expect(services[3]).toMatchObject({
      coveredPersonsInNetwork: 'children under 19',
      orthodonticLifetimeMaximumInNetwork: '$1,500',
    });
    expect(services[0]!.orthodonticLifetimeMaximumInNetwork).toBeUndefined();
  });

  it('reads tiers across the top and never takes a per-pay-period cost as the carrier rate', () => {
    const rates = tableRows(data, 'dentalInsurance_rateTiers');
    expect(rates.map((r) => [r.rateTier, r.carrierMonthlyRate])).toEqual([
      ['Employee Only', '$41.20'],
      ['Employee + Spouse', '$82.55'],
      ['Employee + Child(ren)', '$90.10'],
      ['Family', '$134.75'],
    ]);
    expect(rates.every((r) => r.rateGuaranteeTime === 'two years')).toBe(true);
  });
});

describe('a vision renewal whose tables only have rules between rows', () => {
  let data: ParsedData;
  beforeAll(async () => {
    data = await pdf(await visionRenewal());
  });

  it('names the carrier from its logo, confirmed by the legal name', () => {
    expect(fieldValue(data, 'visionInsurance_carrierName')).toBe('Guardian');
    expect(fieldValue(data, 'visionInsurance_effectiveDate')).toBe('09/01/2026');
  });

  it('lays every class out with the benefits printed for all classes', () => {
    const plan = tableRows(data, 'visionInsurance_planInformation');
    expect(
      plan.map((r) => [
        r.class,
        r.minimumHoursPerWeek,
        r.contributionStructure,
        r.childEligibilityAges,
      ]),
    ).toEqual([
      ['Class 1', '30', '100% employer paid', 'Covered to age 26'],
      ['Class 2', '25', 'Voluntary', 'Covered to age 26'],
    ]);
    const lines = tableRows(data, 'visionInsurance_benefitSummary');
    expect(lines.filter((l) => l.class === 'Class 2').map((l) => l.servicesAndMaterials)).toEqual([
      'Exam',
      'Single Vision Lenses',
      'Frames',
    ]);
  });

  it('splits a frequency printed once for three items', () => {
    expect(tableRows(data, 'visionInsurance_benefitFrequency')[0]).toEqual({
      class: 'Class 1',
      examination: '12 months',
      lensesOrContactLenses: '12 months',
      frame: '24 months',
    });
  });

  it('takes the renewal column, not the current one', () => {
    const rates = tableRows(data, 'visionInsurance_rateTiers').filter((r) => r.class === 'Class 1');
    expect(rates.map((r) => [r.rateTier, r.carrierMonthlyRate, r.rateGuaranteeDate])).toEqual([
      ['EE', '$6.40', '08/31/2028'],
      ['EE + 1', '$12.45', '08/31/2028'],
      ['Family', '$18.00', '08/31/2028'],
    ]);
  });
});

describe('the bytes it is given', () => {
  it('reads a PDF handed over as a Node Buffer (as the file store streams it) and leaves it intact', async () => {
    const bytes = await buildPdf([
      textRows([['Dental Insurance'], ['Carrier: Acme Dental']], [72], 72),
    ]);
    const buffer = Buffer.from(bytes);
    const copy = Buffer.from(buffer);
    const data = await provider.extract({
      bytes: buffer,
      contentType: 'application/pdf',
      documentType: 'carrierProposal',
    });
    expect(parsedDataSchema.safeParse(data).success).toBe(true);
    expect(buffer.equals(copy)).toBe(true);
  });
});

describe('documents the engine cannot read', () => {
  const expectError = async (promise: Promise<unknown>, message: RegExp) => {
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as Error).message).toMatch(message);
  };

  it('a password-protected PDF', async () => {
    const doc = await PDFDocument.create();
    doc.addPage().drawText('secret');
    const ctx = doc.context;
    ctx.trailerInfo.Encrypt = ctx.register(
      ctx.obj({
        Filter: 'Standard',
        V: 2,
        R: 3,
        Length: 128,
        P: -3904,
        O: PDFHexString.of('00'.repeat(32)),
        U: PDFHexString.of('11'.repeat(32)),
      }),
    );
    ctx.trailerInfo.ID = ctx.obj([
      PDFHexString.of('ab'.repeat(16)),
      PDFHexString.of('ab'.repeat(16)),
    ]);
    await expectError(pdf(await doc.save({ useObjectStreams: false })), /password-protected/);
  });

  it('bytes that are not a PDF', async () => {
    await expectError(pdf(new TextEncoder().encode('not a pdf at all')), /not a readable PDF/);
  });

  it('an image without text', async () => {
    const canvas = createCanvas(400, 500);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, 400, 500);
    const bytes = new Uint8Array(canvas.toBuffer('image/png'));
    await expectError(
      provider.extract({ bytes, contentType: 'image/png', documentType: 'carrierProposal' }),
      /No text found in this image/,
    );
  });

  it('a legacy Word file', async () => {
    await expectError(
      provider.extract({
        bytes: new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]),
        contentType: 'application/x-cfb',
        documentType: 'carrierProposal',
      }),
      /DOCX or PDF/,
    );
  });
});

describe('policy certificates', () => {
  it('keeps the key–value pairs and tables under policyCertificate labels', async () => {
    const bytes = await buildPdf([
      [
        { text: 'Certificate of Coverage', x: 40, y: 50, size: 16, bold: true },
        { text: 'Group Policy Number: G-55012', x: 40, y: 80 },
        { text: 'Schedule of Benefits', x: 40, y: 120, size: 13, bold: true },
        ...textRows(
          [
            ['Benefit', 'In-Network', 'Out-of-Network'],
            ['Preventive', '100%', '80%'],
            ['Basic', '80%', '60%'],
          ],
          [40, 260, 420],
          140,
          { boldFirstRow: true },
        ),
      ],
    ]);
    const data = await provider.extract({
      bytes,
      contentType: 'application/pdf',
      documentType: 'policyCertificate',
    });
    parsedDataSchema.parse(data);
    expect(fieldValue(data, 'policyCertificate_groupPolicyNumber')).toBe('G-55012');
    expect(tableRows(data, 'policyCertificate_scheduleOfBenefits')).toEqual([
      { benefit: 'Preventive', inNetwork: '100%', outOfNetwork: '80%' },
      { benefit: 'Basic', inNetwork: '80%', outOfNetwork: '60%' },
    ]);
  });
});
