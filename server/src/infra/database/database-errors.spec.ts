import { describe, expect, it } from '@jest/globals';
import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable } from './database-errors.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe(isDatabaseUnavailable.name, () => {
  it('should recognise the database refusing connections, gone, shutting down or starting', () => {
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:54329', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
  });

  it('should look inside what TypeORM and others wrap', () => {
    const driverError = withCode('terminating connection due to administrator command', '57P01');
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], driverError))).toBe(true);
    expect(isDatabaseUnavailable(new Error('outer', { cause: new Error('Connection terminated due to connection timeout') }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]))).toBe(true);
  });

  it('should leave query mistakes and other faults alone (they stay 500s or their own answers)', () => {
    expect(isDatabaseUnavailable(new QueryFailedError('INSERT', [], withCode('duplicate key value', '23505')))).toBe(false);
    expect(isDatabaseUnavailable(withCode('syntax error at or near "FROM"', '42601'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
