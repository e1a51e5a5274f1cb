import { describe, expect, it } from 'vitest';
import {
  findEmployerName,
  nameSimilarity,
  normaliseName,
  suggestClient,
} from './employer-match.ts';

describe('normaliseName', () => {
  it.each([
    ['Acme Manufacturing, Inc.', 'acme manufacturing'],
    ['ACME MANUFACTURING LLC', 'acme manufacturing'],
    ['Smith & Sons Co.', 'smith sons'],
    ['Café Olé Group', 'cafe ole'],
    ["O'Brien's Bakery", 'obriens bakery'],
    ['The Westbrook Dental Lab', 'westbrook dental lab'],
  ])('%s → %s', (name, expected) => {
    expect(normaliseName(name)).toBe(expected);
  });
});

describe('nameSimilarity', () => {
  it.each([
    ['Acme Manufacturing', 'ACME Manufacturing, Inc.', 1],
    ['Acme Manufacturing', 'Acme Manufacturng', 0.9],
    ['Westbrook Dental Lab', 'Westbrook Dental Laboratory', 0.75],
    ['Acme Manufacturing', 'Zenith Logistics', 0],
  ])('%s ~ %s ≥ %s', (a, b, atLeast) => {
    expect(nameSimilarity(a, b)).toBeGreaterThanOrEqual(atLeast);
    expect(nameSimilarity(b, a)).toBeCloseTo(nameSimilarity(a, b), 10);
  });
  it.each([
    ['Acme Manufacturing', 'Zenith Logistics'],
    ['Blue Ridge Foods', 'Red Oak Foods'],
    ['Inc.', 'Acme'],
  ])('%s and %s are not alike', (a, b) => {
    expect(nameSimilarity(a, b)).toBeLessThan(0.75);
  });
});

describe('suggestClient', () => {
  const clients = [
    { id: '1', name: 'Blue Ridge Foods' },
    { id: '2', name: 'Acme Manufacturing Inc' },
    { id: '3', name: 'Acme Logistics' },
  ];
  it.each([
    ['ACME MANUFACTURING', '2'],
    ['Acme Manufacturing Company', '2'],
    ['Blue Ridge Foods, LLC', '1'],
    ['Blueridge Foods', undefined],
    ['Harbor Health', undefined],
    ['Acme', undefined],
  ])('%s → client %s', (employer, id) => {
    expect(suggestClient(employer, clients)?.client.id).toBe(id);
  });
});

describe('findEmployerName', () => {
  it.each([
    [
      ['Ameritas', 'Dental Proposal for Acme Manufacturing', 'Effective January 1, 2026'],
      'Acme Manufacturing',
    ],
    [['Prepared for: Westbrook Dental Lab'], 'Westbrook Dental Lab'],
    [['Group Name: Blue Ridge Foods, LLC'], 'Blue Ridge Foods, LLC'],
    [['Group Name Blue Ridge Foods'], 'Blue Ridge Foods'],
    [['Proposal for Harbor Health effective 1/1/2026'], 'Harbor Health'],
    [['Presented to Zenith Logistics | Delta Dental'], 'Zenith Logistics'],
    [['Proposal for all eligible employees'], undefined],
    [['Dental Insurance', 'Rate Tiers'], undefined],
    [[], undefined],
  ])('%j → %s', (lines, expected) => {
    expect(findEmployerName(lines)).toBe(expected);
  });
});
