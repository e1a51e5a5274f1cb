import { describe, expect, it } from 'vitest';
import { can, roleFromGroups } from './roles.ts';

describe('can', () => {
  it.each([
    ['admin', 'read', true],
    ['admin', 'change', true],
    ['admin', 'administer', true],
    ['broker', 'read', true],
    ['broker', 'change', true],
    ['broker', 'administer', false],
    ['viewer', 'read', true],
    ['viewer', 'change', false],
    ['viewer', 'administer', false],
  ] as const)('%s may %s: %s', (role, permission, allowed) => {
    expect(can(role, permission)).toBe(allowed);
  });
});

describe('roleFromGroups', () => {
  const admins = ['BD-Admins', 'it-admins'];
  const brokers = ['bd-brokers'];
  it.each([
    [['bd-admins'], 'admin'],
    [['bd-brokers', 'IT-ADMINS'], 'admin'],
    [['bd-brokers'], 'broker'],
    ['bd-brokers', 'broker'],
    [['sales'], 'viewer'],
    [[], 'viewer'],
    [undefined, 'viewer'],
    [42, 'viewer'],
    [[7, null, 'bd-brokers'], 'broker'],
  ])('%j → %s', (claim, role) => {
    expect(roleFromGroups(claim, admins, brokers)).toBe(role);
  });
});
