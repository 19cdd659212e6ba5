// PasswordHasher on Node's scrypt: `scrypt$N$r$p$salt$hash` (base64), N = 2^15, r = 8, p = 1 (RFC 7914;
// OWASP's minimum is N = 2^17 with 64 MB or N = 2^15 with r = 8 and p = 3 — this is the interactive middle).
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import { PasswordHasher } from "../../core/ports/password-hasher.port.ts";

const KEY_LENGTH = 32;

interface Params {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

function derive(password: string, salt: Buffer, { N, r, p }: Params): Promise<Buffer> {
  const options = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (e, key) => (e ? reject(e) : resolve(key))),
  );
}

export function makeScryptPasswordHasher(
  params: Params = { N: 1 << 15, r: 8, p: 1 },
): PasswordHasher["Service"] {
  return PasswordHasher.of({
    hash: (password) =>
      Effect.promise(async () => {
        const salt = randomBytes(16);
        const key = await derive(password, salt, params);
        return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString("base64")}$${key.toString("base64")}`;
      }),
    verify: (password, stored) =>
      Effect.promise(async () => {
        const [tag, n, r, p, salt, hash] = stored.split("$");
        if (tag !== "scrypt" || !n || !r || !p || salt === undefined || hash === undefined) return false;
        const expected = Buffer.from(hash, "base64");
        const opts = { N: Number(n), r: Number(r), p: Number(p) };
        if (
          ![opts.N, opts.r, opts.p].every((x) => Number.isInteger(x) && x > 0) ||
          opts.N > 1 << 20 ||
          expected.length !== KEY_LENGTH
        )
          return false;
        const key = await derive(password, Buffer.from(salt, "base64"), opts);
        return timingSafeEqual(key, expected);
      }),
  });
}

export const scryptPasswordHasher = makeScryptPasswordHasher();
export const layer = Layer.succeed(PasswordHasher, scryptPasswordHasher);
