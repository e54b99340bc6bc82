// Opening the database (migrations, seeding with argon2id hashes) and every login's argon2 work take
// seconds on a slow machine; a generous limit keeps the suite independent of machine speed.
jest.setTimeout(60_000)
