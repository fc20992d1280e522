import { describe, expect, it } from '@jest/globals';
import { QueryFailedError } from 'typeorm';
import { isOutage, isRedisUnavailable } from './outage-errors.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const named = (message: string, name: string) => Object.assign(new Error(message), { name });

describe(isRedisUnavailable.name, () => {
  it('should recognise Redis refusing, dropping or not answering, and ioredis giving up on a command', () => {
    expect(isRedisUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:6379', 'ECONNREFUSED'))).toBe(true);
    expect(isRedisUnavailable(withCode('read ECONNRESET', 'ECONNRESET'))).toBe(true);
    expect(isRedisUnavailable(new Error('Connection is closed.'))).toBe(true);
    expect(isRedisUnavailable(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toBe(true);
    expect(isRedisUnavailable(new Error('Command timed out'))).toBe(true);
    expect(isRedisUnavailable(named('Reached the max retries per request limit (which is 0).', 'MaxRetriesPerRequestError'))).toBe(true);
    expect(isRedisUnavailable(new Error('LOADING Redis is loading the dataset in memory'))).toBe(true);
    expect(isRedisUnavailable(new Error("READONLY You can't write against a read only replica."))).toBe(true);
    expect(isRedisUnavailable(new Error('outer', { cause: new Error('Connection is closed.') }))).toBe(true);
  });

  it('should leave errors of the command itself alone', () => {
    expect(isRedisUnavailable(new Error("ERR wrong number of arguments for 'set' command"))).toBe(false);
    expect(isRedisUnavailable(new Error('NOSCRIPT No matching script'))).toBe(false);
    expect(isRedisUnavailable(new Error('OOM command not allowed when used memory > maxmemory'))).toBe(false);
    expect(isRedisUnavailable(new Error("ERR The user executing the script can't run this command"))).toBe(false);
    expect(isRedisUnavailable(new TypeError("Cannot read properties of undefined (reading 'voteId')"))).toBe(false);
    expect(isRedisUnavailable(null)).toBe(false);
  });
});

describe(isOutage.name, () => {
  it('should be an outage of PostgreSQL (classes 08, 57P01-57P03, its connection errors and timeouts) or of Redis', () => {
    expect(isOutage(withCode('connection failure', '08006'))).toBe(true);
    expect(isOutage(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isOutage(withCode('terminating connection due to crash of another server process', '57P02'))).toBe(true);
    expect(isOutage(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isOutage(new QueryFailedError('SELECT 1', [], new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isOutage(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isOutage(new Error('Connection is closed.'))).toBe(true);
  });

  it('should not be a bug or a bad payload, which still use up attempts', () => {
    expect(isOutage(new QueryFailedError('INSERT', [], withCode('insert or update violates foreign key constraint', '23503')))).toBe(false);
    expect(isOutage(withCode('invalid input syntax for type uuid: "x"', '22P02'))).toBe(false);
    expect(isOutage(new Error('No handler for job count-votes'))).toBe(false);
  });
});
