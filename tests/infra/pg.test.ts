// Self-test of the test infrastructure: a real PostgreSQL server and a private database per file.
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase, dropTestDatabase } from '../helpers/pg.ts';

let url: string;
let client: pg.Client;

beforeAll(async () => {
  url = await createTestDatabase('infra');
  client = new pg.Client({ connectionString: url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  if (url) await dropTestDatabase(url);
});

test('connects to a real PostgreSQL server in UTF-8', async () => {
  const { rows } = await client.query<{ version: string }>('select version()');
  expect(rows[0].version).toMatch(/^PostgreSQL \d+/);
  const enc = await client.query<{ server_encoding: string }>('show server_encoding');
  expect(enc.rows[0].server_encoding).toBe('UTF8');
});

test('creates a table, inserts and reads a row back', async () => {
  await client.query('create table patient (id serial primary key, name text not null)');
  await client.query('insert into patient (name) values ($1)', ['Иванов Иван']);
  const { rows } = await client.query('select id, name from patient where name ilike $1', ['иванов%']);
  expect(rows).toEqual([{ id: 1, name: 'Иванов Иван' }]);
});

test('each call gets a separate database', async () => {
  const other = await createTestDatabase('infra');
  expect(other).not.toBe(url);
  await dropTestDatabase(other);
});
