import { describe, expect, it } from 'vitest';
import { loadMigrations, splitStatements } from './migrate.ts';

describe('migrations', () => {
  it('are numbered and load in order', () => {
    const versions = loadMigrations().map((m) => m.version);
    expect(versions[0]).toBe('0001_init');
    expect([...versions].sort()).toEqual(versions);
  });

  it('split into statements, skipping comments and keeping dollar-quoted bodies whole', () => {
    const sql = `-- a comment
create table a (x int);
create function f() returns int as $$
begin
  return 1;
end;
$$ language plpgsql;
insert into a values (1);`;
    expect(splitStatements(sql)).toEqual([
      'create table a (x int);',
      'create function f() returns int as $$\nbegin\n  return 1;\nend;\n$$ language plpgsql;',
      'insert into a values (1);',
    ]);
  });
});
