import { setupFixture } from './fixture.js';
const size = Number(process.env.SIZE ?? 1_000_000);
const f = await setupFixture('postgres', size, { uid: 'prof-owner', email: 'prof@example.com', displayName: 'Prof' }, 'postgres://postgres@127.0.0.1:5432/postgres', console.log);
console.log(JSON.stringify(f));
process.exit(0);
